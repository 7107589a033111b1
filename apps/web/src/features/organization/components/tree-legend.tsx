import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SWATCH = { width: 22, height: 14 };

function Swatch({ kind }: { kind: 'member' | 'top' | 'empty' | 'more' }) {
  const common = { x: 1, y: 1, width: SWATCH.width - 2, height: SWATCH.height - 2 };
  return (
    <svg {...SWATCH} aria-hidden="true" focusable="false">
      {kind === 'member' && <rect {...common} rx={3} fill="white" stroke="var(--mantine-color-gray-5)" />}
      {kind === 'top' && (
        <rect {...common} rx={3} fill="white" stroke="var(--mantine-color-brand-7)" strokeWidth={2} />
      )}
      {kind === 'empty' && (
        <rect {...common} rx={3} fill="white" stroke="var(--mantine-color-gray-5)" strokeDasharray="3 2" />
      )}
      {kind === 'more' && (
        <rect {...common} rx={6} fill="var(--mantine-color-brand-0)" stroke="var(--mantine-color-brand-3)" />
      )}
    </svg>
  );
}

export function TreeLegend() {
  const { t } = useTranslation('organization');
  return (
    <Group
      gap="md"
      wrap="wrap"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('legend.label')}
    >
      {(['member', 'top', 'empty', 'more'] as const).map((kind) => (
        <Group key={kind} gap={6} wrap="nowrap" component="li">
          <Swatch kind={kind} />
          <Text size="xs" c="dimmed">
            {t(`legend.${kind}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
