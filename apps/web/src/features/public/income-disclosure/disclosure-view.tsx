import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { IncomeDisclosure, IncomeDisclosureStats } from '@portal/contracts/income-disclosure';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { PlanTable } from '../plan-table';
import { PUBLIC_NS } from '../public-namespace';

/** A year as its readers count it: Buddhist era in Thai (2568), Common era in English (2025). */
export const yearLabel = (year: number, lang: Language) => String(lang === 'th' ? year + 543 : year);

export function useFigures() {
  const { t, i18n } = useTranslation(PUBLIC_NS);
  const lang = i18n.language as Language;
  return {
    t,
    lang,
    thb: (v: string | null) => (v === null ? '–' : `฿${formatPoints(v, lang)}`),
    pct: (v: string | null) => (v === null ? '–' : `${formatPoints(v, lang)}%`),
    count: (n: number) => formatCount(n, lang),
  };
}

function KeyFigure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

/** The year's figures: key figures, a plain summary, income by title, purchases beside income. */
export function DisclosureView({ d }: { d: IncomeDisclosure }) {
  const { t, lang, thb, pct, count } = useFigures();
  const o = d.overall;
  const year = yearLabel(d.year, lang);
  const groups: [string, IncomeDisclosureStats][] = [
    [t('disclosure.all'), o],
    ...d.by_title.filter((g) => !g.withheld).map((g) => [g.title, g] as [string, IncomeDisclosureStats]),
  ];
  // Titles of fewer than five members: only how many, never their figures.
  const withheld = d.by_title.filter((g) => g.withheld);
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <KeyFigure
          testId="disclosure-members"
          label={t('disclosure.key.members')}
          value={count(o.members)}
          note={t('disclosure.key.membersNote', { year })}
        />
        <KeyFigure
          testId="disclosure-zero"
          label={t('disclosure.key.zero')}
          value={pct(o.zero_earners_share)}
          note={t('disclosure.key.zeroNote', { count: o.zero_earners, n: count(o.zero_earners) })}
        />
        <KeyFigure
          testId="disclosure-median"
          label={t('disclosure.key.median')}
          value={thb(o.income_median)}
          note={t('disclosure.key.medianNote', { mean: thb(o.income_mean) })}
        />
        <KeyFigure
          testId="disclosure-over"
          label={t('disclosure.key.over')}
          value={pct(o.purchases_over_income_share)}
          note={t('disclosure.key.overNote', { median: thb(o.purchases_median) })}
        />
      </SimpleGrid>
      {o.members > 0 && (
        <Text data-testid="disclosure-summary">
          {t('disclosure.summary', {
            year,
            members: count(o.members),
            zero: count(o.zero_earners),
            zeroShare: pct(o.zero_earners_share),
            median: thb(o.income_median),
            mean: thb(o.income_mean),
            top10: pct(o.top10_share),
          })}
        </Text>
      )}

      <Stack gap="sm" component="section" aria-labelledby="disclosure-income">
        <Title order={2} size="h3" id="disclosure-income">
          {t('disclosure.income.title')}
        </Title>
        <PlanTable
          caption={t('disclosure.income.caption', { year })}
          minWidth={900}
          testId="disclosure-income-table"
          head={[
            t('disclosure.group'),
            t('disclosure.members'),
            t('disclosure.income.zero'),
            t('disclosure.income.median'),
            t('disclosure.income.mean'),
            t('disclosure.income.p10'),
            t('disclosure.income.p90'),
            t('disclosure.income.top1'),
            t('disclosure.income.top10'),
          ]}
          rows={groups.map(([name, s]) => [
            name,
            count(s.members),
            `${pct(s.zero_earners_share)} (${count(s.zero_earners)})`,
            thb(s.income_median),
            thb(s.income_mean),
            thb(s.income_p10),
            thb(s.income_p90),
            pct(s.top1_share),
            pct(s.top10_share),
          ])}
        />
      </Stack>

      {withheld.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="disclosure-withheld">
          {withheld.map((g) => `${g.title} (${count(g.members)})`).join(', ')}: {t('disclosure.withheld')}
        </Text>
      )}

      <Stack gap="sm" component="section" aria-labelledby="disclosure-purchases">
        <Title order={2} size="h3" id="disclosure-purchases">
          {t('disclosure.purchases.title')}
        </Title>
        <PlanTable
          caption={t('disclosure.purchases.caption', { year })}
          minWidth={760}
          testId="disclosure-purchases-table"
          head={[
            t('disclosure.group'),
            t('disclosure.members'),
            t('disclosure.purchases.incomeMedian'),
            t('disclosure.purchases.median'),
            t('disclosure.purchases.incomeMean'),
            t('disclosure.purchases.mean'),
            t('disclosure.purchases.over'),
          ]}
          rows={groups.map(([name, s]) => [
            name,
            count(s.members),
            thb(s.income_median),
            thb(s.purchases_median),
            thb(s.income_mean),
            thb(s.purchases_mean),
            `${pct(s.purchases_over_income_share)} (${count(s.purchases_over_income)})`,
          ])}
        />
      </Stack>
    </Stack>
  );
}
