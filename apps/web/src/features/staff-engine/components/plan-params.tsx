import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PlanParams } from '@portal/contracts/engine';
import { percentText } from '@portal/plan/money';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../lib/i18n/use-format';

const SCALARS = [
  ['PV_THB', 'money'],
  ['REFERRER_PCT', 'percent'],
  ['CASHBACK_PCT', 'percent'],
  ['CYCLE_POINT_SPLIT', 'percent'],
  ['WHT_RATE', 'percent'],
  ['MIN_PAYOUT', 'money'],
  ['TRANSFER_FEE', 'money'],
  ['ACTIVITY_PV', 'count'],
  ['ACTIVITY_DAYS', 'count'],
  ['MTA_MIN_PV', 'count'],
  ['HOLD_RELEASE_DAYS', 'count'],
] as const;

/** A rate of the plan ("0.20") as a person reads it: 20%. */
const percent = (rate: string) => `${percentText(rate)}%`;

/** The parameters of one plan version, read-only: the figures, the packages, the titles. */
export function PlanParamsView({ params }: { params: PlanParams }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  return (
    <Stack gap="md" data-testid="plan-params">
      <Paper withBorder p="md" radius="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {SCALARS.map(([key, kind]) => (
            <Stack gap={0} key={key} data-key={key}>
              <Text size="xs" c="dimmed">
                {t(`params.${key}`)}
              </Text>
              <Text fw={600}>
                {kind === 'percent'
                  ? percent(params[key])
                  : kind === 'money'
                    ? f.money(params[key])
                    : f.count(params[key])}
              </Text>
            </Stack>
          ))}
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('params.MTA_RATE')}
            </Text>
            <Text fw={600}>{params.MTA_RATE.map(percent).join(' · ')}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('params.PAYOUT_WEEKDAY')}
            </Text>
            <Text fw={600}>{t(`weekdays.${params.PAYOUT_WEEKDAY}` as 'weekdays.2')}</Text>
          </Stack>
          <Stack gap={0} data-key="WHT_METHOD">
            <Text size="xs" c="dimmed">
              {t('params.WHT_METHOD')}
            </Text>
            <Text fw={600}>{t(`whtMethods.${params.WHT_METHOD}`)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('params.TRAVEL_CAMPAIGN')}
            </Text>
            <Text fw={600}>
              {params.TRAVEL_CAMPAIGN
                ? t('plan.campaign', {
                    start: f.day(params.TRAVEL_CAMPAIGN.start),
                    end: f.day(params.TRAVEL_CAMPAIGN.end),
                    points: f.count(params.TRAVEL_CAMPAIGN.required_points),
                  })
                : t('plan.noCampaign')}
            </Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="lg">
        <Title order={3} size="h5" mb="xs">
          {t('plan.packages')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('plan.package')}</Table.Th>
                <Table.Th ta="right">{t('plan.price')}</Table.Th>
                <Table.Th ta="right">{t('plan.pv')}</Table.Th>
                <Table.Th ta="right">{t('plan.cycleValue')}</Table.Th>
                <Table.Th ta="right">{t('plan.incomePercent')}</Table.Th>
                <Table.Th ta="right">{t('plan.cap')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(params.PACKAGES).map(([code, p]) => (
                <Table.Tr key={code}>
                  <Table.Td fw={600}>{code}</Table.Td>
                  <Table.Td ta="right">
                    <Money value={p.price} />
                  </Table.Td>
                  <Table.Td ta="right">{f.count(p.pv)}</Table.Td>
                  <Table.Td ta="right">{f.count(p.cycle_value)}</Table.Td>
                  <Table.Td ta="right">{percent(p.income_percent)}</Table.Td>
                  <Table.Td ta="right">
                    <Money value={p.max_income_per_day} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Paper withBorder p="md" radius="lg">
        <Title order={3} size="h5" mb="xs">
          {t('plan.titles')}
        </Title>
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('plan.title')}</Table.Th>
                <Table.Th ta="right">{t('plan.cycles')}</Table.Th>
                <Table.Th ta="right">{t('plan.referrals')}</Table.Th>
                <Table.Th ta="right">{t('plan.mtaDepth')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {params.TITLES.map((title) => (
                <Table.Tr key={title.code}>
                  <Table.Td fw={600}>{title.code}</Table.Td>
                  <Table.Td ta="right">{f.count(title.cycles)}</Table.Td>
                  <Table.Td ta="right">{f.count(title.referrals)}</Table.Td>
                  <Table.Td ta="right">{f.count(title.mta_depth)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
