import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-8)" />
      {/* a small binary tree: one upline, a left and a right leg */}
      <path
        d="M16 9v6M16 15l-6 7M16 15l6 7"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="16" cy="9" r="3" fill="#fff" />
      <circle cx="10" cy="22.5" r="2.6" fill="#fff" />
      <circle cx="22" cy="22.5" r="2.6" fill="#fff" />
    </svg>
  );
}

export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" wrap="nowrap">
      <BrandMark />
      {!compact && (
        <Text fw={700} fz="lg" c="brand.9" lh={1.3}>
          {t('appName')}
        </Text>
      )}
    </Group>
  );
}
