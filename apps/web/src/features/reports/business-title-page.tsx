import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { TitleHistory, TitleRow } from '@portal/contracts/reports';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/i18n/numbers';
import { titleProgress } from '../../lib/title-progress';
import { useLang } from '../../lib/i18n/use-lang';
import { ReportFrame } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { ReportColumn } from './model/columns';
import './reports-namespace';
import { titleHistory } from './api/title-history';

/** Where I stand: my title, the next, and what each requirement still misses (plan 1.3). */
function Progression({ history }: { history: TitleHistory | undefined }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  if (!history) return null;
  const p = titleProgress(history);
  return (
    <Paper withBorder radius="md" p="md" data-testid="title-progress">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('title.current')}</Text>
          <Badge size="lg" variant="light" data-testid="current-title">
            {p.current}
          </Badge>
          {p.next && (
            <>
              <Text size="sm">{t('title.next')}</Text>
              <Badge size="lg" variant="outline" data-testid="next-title">
                {p.next}
              </Badge>
            </>
          )}
        </Group>
        {p.next === null ? (
          <Text size="sm">{t('title.top')}</Text>
        ) : (
          p.requirements.map((r) => (
            <Stack gap={4} key={r.key} data-testid={`requirement-${r.key}`}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Title order={3} size="h6">
                  {t(`title.${r.key}`)}
                </Title>
                <Text size="sm">
                  {t('title.have', { have: formatCount(r.have, lang), need: formatCount(r.need, lang) })}
                </Text>
              </Group>
              <Progress
                value={r.percent}
                color={r.missing === 0 ? 'teal' : 'blue'}
                aria-label={t(`title.${r.key}`)}
              />
              <Text size="xs" c={r.missing === 0 ? 'teal' : 'dimmed'} data-testid={`missing-${r.key}`}>
                {r.missing === 0
                  ? t('title.met')
                  : t(`title.missing.${r.key}`, { count: r.missing, n: formatCount(r.missing, lang) })}
              </Text>
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** /reports/business_title: the titles I reached and my progress toward the next. */
export default function BusinessTitlePage() {
  const { t } = useTranslation('reports');
  const v = useReportView();
  const list = useViewPage(v, titleHistory);
  const h = list.data;
  const columns: ReportColumn<TitleRow>[] = [
    { key: 'achieved_date', title: t('col.achievedDate'), kind: 'date', value: (r) => r.achieved_date },
    { key: 'from_title', title: t('col.fromTitle'), kind: 'text', value: (r) => r.from_title },
    { key: 'to_title', title: t('col.toTitle'), kind: 'text', value: (r) => r.to_title, compact: 'amount' },
  ];
  return (
    <ReportFrame
      report="business_title"
      title={t('reports.business_title.title')}
      description={t('reports.business_title.description')}
      v={v}
      call={titleHistory}
      list={list}
      columns={columns}
      rowKey={(r) => `${r.achieved_date}-${r.to_title}`}
      summary={[
        {
          key: 'current_title',
          label: t('summary.currentTitle'),
          kind: 'text',
          value: h?.current_title ?? null,
        },
        {
          key: 'cumulative_cycles',
          label: t('summary.cumulativeCycles'),
          kind: 'int',
          value: h?.cumulative_cycles ?? null,
        },
        { key: 'referrals', label: t('summary.referrals'), kind: 'int', value: h?.referrals ?? null },
      ]}
    >
      <Progression history={h} />
    </ReportFrame>
  );
}
