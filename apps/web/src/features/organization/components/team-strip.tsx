import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DownlineSummary } from '@portal/contracts/network';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';

export function TeamStrip({ summary, lang }: { summary: DownlineSummary; lang: Language }) {
  const { t } = useTranslation('organization');
  const items = [
    ['total', summary.total_team],
    ['left', summary.left_team],
    ['right', summary.right_team],
    ['waiting', summary.waiting_to_place],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label={t('summary.label')} role="list">
      {items.map(([key, value]) => (
        <Paper
          key={key}
          withBorder
          radius="md"
          px="sm"
          py={6}
          role="listitem"
          data-testid={`org-summary-${key}`}
        >
          <Text size="xs" c="dimmed">
            {t(`summary.${key}`)}
          </Text>
          <Text fw={700} size="lg">
            {formatCount(value, lang)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
