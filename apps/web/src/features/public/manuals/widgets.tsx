import { List, Paper, Stack, Text } from '@mantine/core';
import type { PublicPlan } from '@portal/contracts/public-info';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import {
  activityExample,
  capExample,
  cashbackExample,
  cycleExample,
  mtaExample,
  payoutExample,
  planFigures,
  upgradeExample,
} from '@portal/plan/figures';
import { PlanTable } from '../plan-table';
import type { Widget } from './content';
import { MANUALS_NS } from './manuals-namespace';

/** A worked example: a title, the lines of the calculation and the result, in a box. */
function Example({
  title,
  lines,
  result,
  testId,
}: {
  title: string;
  lines: string[];
  result: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)" data-testid={testId}>
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <List type="ordered" spacing={4} size="sm">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text fw={600} size="sm">
          {result}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The parts of the bonus manuals computed from the plan in force (@portal/plan/figures). */
export function ManualWidget({ widget, plan }: { widget: Widget; plan: PublicPlan }) {
  const { t, i18n } = useTranslation(MANUALS_NS);
  const lang = i18n.language as Language;
  const params = plan.params;
  const thb = (v: string) => `฿${formatPoints(v, lang)}`;
  const n = (v: number) => formatCount(v, lang);
  const f = planFigures(params);

  switch (widget) {
    case 'packages':
      return (
        <PlanTable
          caption={t('examples.packages.caption')}
          minWidth={560}
          testId="manual-packages"
          head={[
            t('examples.packages.code'),
            t('examples.packages.cycleValue'),
            t('examples.packages.incomePercent'),
            t('examples.packages.incomePerCycle'),
            t('examples.packages.cap'),
          ]}
          rows={f.packages.map((p) => [
            p.code,
            n(p.cycleValue),
            `${p.incomePercent}%`,
            thb(p.incomePerCycle),
            thb(p.maxIncomePerDay),
          ])}
        />
      );
    case 'titles':
      return (
        <PlanTable
          caption={t('examples.titles.caption')}
          testId="manual-titles"
          head={[
            t('examples.titles.code'),
            t('examples.titles.cycles'),
            t('examples.titles.referrals'),
            t('examples.titles.mtaDepth'),
          ]}
          rows={f.titles.map((x) => [x.code, n(x.cycles), n(x.referrals), n(x.mtaDepth)])}
        />
      );
    case 'activityExample': {
      const e = activityExample(params);
      return (
        <Example
          testId="example-activity"
          title={t('examples.activity.title', { package: e.package, pv: n(e.pv) })}
          lines={[
            t('examples.activity.blocks', {
              pv: n(e.pv),
              activityPv: n(f.activityPv),
              blocks: n(e.blocks),
              remainder: n(e.remainder),
            }),
            t('examples.activity.days', {
              blocks: n(e.blocks),
              activityDays: n(f.activityDays),
              days: n(e.days),
            }),
          ]}
          result={t('examples.activity.result', { days: n(e.days), remainder: n(e.remainder) })}
        />
      );
    }
    case 'cycleExample': {
      const e = cycleExample(params);
      return (
        <Example
          testId="example-cycle"
          title={t('examples.cycle.title', {
            package: e.package,
            cv: n(e.cycleValue),
            ip: `${e.incomePercent}%`,
          })}
          lines={[
            t('examples.cycle.legs', { left: n(e.newLeft), right: n(e.newRight) }),
            t('examples.cycle.cycles', {
              left: n(e.newLeft),
              right: n(e.newRight),
              cv: n(e.cycleValue),
              cycles: n(e.cycles),
            }),
            t('examples.cycle.gross', {
              cycles: n(e.cycles),
              cv: n(e.cycleValue),
              pvThb: thb(f.pvThb),
              ip: `${e.incomePercent}%`,
              gross: thb(e.gross),
            }),
            t('examples.cycle.cap', { gross: thb(e.gross), cap: thb(e.cap), paid: thb(e.paid) }),
            t('examples.cycle.split', {
              paid: thb(e.paid),
              pct: `${e.pointPercent}%`,
              point: thb(e.pointPart),
              cash: thb(e.cashPart),
            }),
            t('examples.cycle.carry', { left: n(e.carryLeft), right: n(e.carryRight) }),
          ]}
          result={t('examples.cycle.result', {
            paid: thb(e.paid),
            point: thb(e.pointPart),
            cash: thb(e.cashPart),
          })}
        />
      );
    }
    case 'capExample': {
      const e = capExample(params);
      if (!e) return null;
      return (
        <Example
          testId="example-cap"
          title={t('examples.cap.title', { package: e.package, cap: thb(e.cap) })}
          lines={[
            t('examples.cap.cycles', { pv: n(e.newLeft), cycles: n(e.cycles) }),
            t('examples.cap.gross', { cycles: n(e.cycles), gross: thb(e.gross) }),
            t('examples.cap.paid', { cap: thb(e.cap), paid: thb(e.paid), flushed: thb(e.flushed) }),
            t('examples.cap.carry', { left: n(e.carryLeft), right: n(e.carryRight) }),
          ]}
          result={t('examples.cap.result', { paid: thb(e.paid), flushed: thb(e.flushed) })}
        />
      );
    }
    case 'referrerExample': {
      const up = upgradeExample(params);
      return (
        <Stack gap="sm">
          <PlanTable
            caption={t('examples.referrer.caption', { pct: `${f.referrerPercent}%`, pvThb: thb(f.pvThb) })}
            testId="manual-referrer"
            head={[t('examples.referrer.package'), t('examples.referrer.pv'), t('examples.referrer.bonus')]}
            rows={f.packages.map((p) => [p.code, n(p.pv), thb(p.referrerBonus)])}
          />
          {up && (
            <Example
              testId="example-upgrade"
              title={t('examples.upgrade.title', { from: up.from, to: up.to })}
              lines={[
                t('examples.upgrade.price', { price: thb(up.price), pv: n(up.pv) }),
                t('examples.upgrade.bonus', {
                  pv: n(up.pv),
                  pct: `${f.referrerPercent}%`,
                  bonus: thb(up.referrerBonus),
                }),
              ]}
              result={t('examples.upgrade.result', { bonus: thb(up.referrerBonus) })}
            />
          )}
        </Stack>
      );
    }
    case 'cashbackExample': {
      const e = cashbackExample(params);
      return (
        <Example
          testId="example-cashback"
          title={t('examples.cashback.title', { pv: n(e.pv) })}
          lines={[
            t('examples.cashback.line', {
              pv: n(e.pv),
              pvThb: thb(f.pvThb),
              pct: `${e.percent}%`,
              amount: thb(e.amount),
            }),
          ]}
          result={t('examples.cashback.result', { amount: thb(e.amount) })}
        />
      );
    }
    case 'mtaExample': {
      const e = mtaExample(params);
      return (
        <PlanTable
          caption={t('examples.mta.caption', { pv: n(e.pv), minPv: n(f.mtaMinPv) })}
          testId="example-mta"
          head={[
            t('examples.mta.generation'),
            t('examples.mta.rate'),
            t('examples.mta.amount'),
            t('examples.mta.title'),
          ]}
          rows={e.lines.map((l) => [
            t('examples.mta.generationN', { generation: l.generation }),
            `${l.percent}%`,
            thb(l.amount),
            l.title ?? t('examples.mta.noTitle'),
          ])}
        />
      );
    }
    case 'payoutExample': {
      const e = payoutExample(params);
      return (
        <Example
          testId="example-payout"
          title={t('examples.payout.title')}
          lines={[
            t('examples.payout.lines', {
              cycle: thb(e.cycle),
              referrer: thb(e.referrer),
              cashback: thb(e.cashback),
              gross: thb(e.gross),
            }),
            e.whtMethod === 'ANNUALISED'
              ? t('examples.payout.whtAnnualised', { wht: thb(e.wht) })
              : t('examples.payout.wht', { gross: thb(e.gross), pct: `${e.whtPercent}%`, wht: thb(e.wht) }),
            t('examples.payout.points', { point: thb(e.pointPart) }),
            t('examples.payout.net', {
              gross: thb(e.gross),
              point: thb(e.pointPart),
              wht: thb(e.wht),
              fee: thb(e.fee),
              net: thb(e.net),
            }),
          ]}
          result={
            e.paid
              ? t('examples.payout.paid', { net: thb(e.net), min: thb(e.minPayout) })
              : t('examples.payout.waits', { net: thb(e.net), min: thb(e.minPayout) })
          }
        />
      );
    }
  }
}
