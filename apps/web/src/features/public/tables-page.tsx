import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { PublicPlan } from '@portal/contracts/public-info';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../lib/i18n/numbers';
import { paths } from '../../lib/paths';
import type { Language } from '../../lib/preferences';
import { usePublicPlan } from '../../lib/public-info';
import { planFigures } from '@portal/plan/figures';
import { weekdayName } from './model/weekday';
import { PlanTable } from './plan-table';
import { PUBLIC_NS } from './public-namespace';
import { usePageMeta } from '../../lib/use-page-meta';

/** Which plan version the figures come from: the built-in plan, or a version from its date. */
export function PlanVersionNote({ plan }: { plan: PublicPlan }) {
  const { t, i18n } = useTranslation(PUBLIC_NS);
  const lang = i18n.language as Language;
  return (
    <Text size="sm" c="dimmed" data-testid="plan-version">
      {plan.version === 0 || !plan.effective_from
        ? t('plan.builtIn', { date: formatDate(plan.business_date, lang, 'long') })
        : t('plan.version', {
            version: plan.version,
            from: formatDate(plan.effective_from, lang, 'long'),
            date: formatDate(plan.business_date, lang, 'long'),
          })}
    </Text>
  );
}

/** The plan as tables (docs/plan.md 1.1, 1.3, 4, 6, 7), every figure from `plan`. */
export function TablesView({ plan }: { plan: PublicPlan }) {
  const { t, i18n } = useTranslation(PUBLIC_NS);
  const lang = i18n.language as Language;
  const f = planFigures(plan.params);
  const thb = (v: string) => `฿${formatPoints(v, lang)}`;
  const pv = (n: number) => formatCount(n, lang);
  const pct = (p: string) => `${p}%`;

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="packages">
        <Title order={2} size="h3" id="packages">
          {t('tables.packages.title')}
        </Title>
        <PlanTable
          caption={t('tables.packages.caption', { pvThb: thb(f.pvThb) })}
          minWidth={760}
          testId="table-packages"
          head={[
            t('tables.packages.code'),
            t('tables.packages.price'),
            t('tables.packages.pv'),
            t('tables.packages.cycleValue'),
            t('tables.packages.incomePercent'),
            t('tables.packages.incomePerCycle'),
            t('tables.packages.maxIncomePerDay'),
            t('tables.packages.referrer'),
          ]}
          rows={f.packages.map((p) => [
            p.code,
            thb(p.price),
            pv(p.pv),
            pv(p.cycleValue),
            pct(p.incomePercent),
            thb(p.incomePerCycle),
            thb(p.maxIncomePerDay),
            thb(p.referrerBonus),
          ])}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="titles">
        <Title order={2} size="h3" id="titles">
          {t('tables.titles.title')}
        </Title>
        <PlanTable
          caption={t('tables.titles.caption')}
          testId="table-titles"
          head={[
            t('tables.titles.code'),
            t('tables.titles.cycles'),
            t('tables.titles.referrals'),
            t('tables.titles.mtaDepth'),
          ]}
          rows={f.titles.map((title) => [
            title.code,
            pv(title.cycles),
            pv(title.referrals),
            pv(title.mtaDepth),
          ])}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="rates">
        <Title order={2} size="h3" id="rates">
          {t('tables.rates.title')}
        </Title>
        <PlanTable
          caption={t('tables.rates.caption')}
          testId="table-rates"
          head={[t('tables.rates.bonus'), t('tables.rates.rate'), t('tables.rates.basis')]}
          rows={[
            [t('tables.rates.cycle'), t('tables.rates.cycleRate'), t('tables.rates.cycleBasis')],
            [t('tables.rates.referrer'), pct(f.referrerPercent), t('tables.rates.referrerBasis')],
            [t('tables.rates.cashback'), pct(f.cashbackPercent), t('tables.rates.cashbackBasis')],
            ...f.mtaPercents.map((p, i) => [
              t('tables.rates.mta', { generation: i + 1 }),
              pct(p),
              t('tables.rates.mtaBasis', { minPv: pv(f.mtaMinPv) }),
            ]),
            [t('tables.rates.pointSplit'), pct(f.pointSplitPercent), t('tables.rates.pointSplitBasis')],
          ]}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="payout">
        <Title order={2} size="h3" id="payout">
          {t('tables.payout.title')}
        </Title>
        <PlanTable
          caption={t('tables.payout.caption')}
          testId="table-payout"
          minWidth={320}
          head={[t('tables.payout.rule'), t('tables.payout.value')]}
          rows={[
            [
              t('tables.payout.day'),
              t('tables.payout.dayValue', { day: weekdayName(f.payoutWeekday, lang) }),
            ],
            [t('tables.payout.minimum'), thb(f.minPayout)],
            [
              t('tables.payout.wht'),
              f.whtMethod === 'ANNUALISED' ? t('tables.payout.whtAnnualised') : pct(f.whtPercent),
            ],
            [t('tables.payout.fee'), thb(f.transferFee)],
            [
              t('tables.payout.activity'),
              t('tables.payout.activityValue', { pv: pv(f.activityPv), days: f.activityDays }),
            ],
            [t('tables.payout.hold'), t('tables.payout.holdValue', { days: f.holdReleaseDays })],
            ...(f.travelCampaign
              ? [
                  [
                    t('tables.payout.travel'),
                    t('tables.payout.travelValue', {
                      points: pv(f.travelCampaign.required_points),
                      start: formatDate(f.travelCampaign.start, lang),
                      end: formatDate(f.travelCampaign.end, lang),
                    }),
                  ],
                ]
              : []),
          ]}
        />
      </Stack>
    </Stack>
  );
}

export default function TablesPage() {
  const { t } = useTranslation(PUBLIC_NS);
  usePageMeta(t('tables.title'), t('tables.description'));
  const plan = usePublicPlan();
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('tables.title')}
        </Title>
        <Text c="dimmed">{t('tables.intro')}</Text>
        {plan.data && <PlanVersionNote plan={plan.data} />}
        <Text size="sm">
          {t('tables.howRead')}{' '}
          <Anchor component={Link} to={paths.manualBonusCalculation.href()}>
            {t('tables.toManual')}
          </Anchor>
        </Text>
      </Stack>
      {plan.isPending ? (
        <PageLoader />
      ) : plan.isError ? (
        <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <TablesView plan={plan.data} />
      )}
    </Stack>
  );
}
