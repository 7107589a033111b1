import '../dashboard-namespace';
import { Badge, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TravelPoint } from '@portal/contracts/travel-report';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { campaignPercent, titleProgress } from '../../../lib/title-progress';
import { usePoints, useTitle } from '../api/money';
import { useNetworkMe } from '../api/team';
import { expiryStanding, type Period } from '../model/standing';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Bar({
  label,
  value,
  percent,
  testId,
}: {
  label: string;
  value: string;
  percent: number;
  testId: string;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {value}
        </Text>
      </Group>
      <Progress value={percent} size="sm" radius="xl" aria-label={label} />
    </Stack>
  );
}

function PointsCard({ month, lang }: { month: Period | null; lang: Language }) {
  const { t } = useTranslation('dashboard');
  const points = usePoints(month);
  return (
    <Card title={t('standing.points')} testId="standing-points">
      {!month || points.isPending ? (
        <Skeleton height={90} />
      ) : points.isError ? (
        <ErrorAlert error={points.error} onRetry={() => void points.refetch()} />
      ) : (
        <>
          <Figure
            label={t('standing.personalPv')}
            value={t('standing.pv', { value: formatCount(points.data.personal_pv, lang) })}
            testId="standing-personal-pv"
          />
          <SimpleGrid cols={2} spacing="xs">
            <Figure
              label={t('standing.left')}
              value={formatCount(points.data.current_left_points, lang)}
              testId="standing-left"
            />
            <Figure
              label={t('standing.right')}
              value={formatCount(points.data.current_right_points, lang)}
              testId="standing-right"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('standing.sidesNote')}
          </Text>
        </>
      )}
    </Card>
  );
}

function ExpiryCard({ today, lang }: { today: string | null; lang: Language }) {
  const { t } = useTranslation('dashboard');
  const me = useNetworkMe();
  if (me.isError)
    return (
      <Card title={t('standing.expiry')} testId="standing-expiry">
        <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />
      </Card>
    );
  const expiry = me.data && today ? expiryStanding(me.data.expiry_date, today) : null;
  return (
    <Card title={t('standing.expiry')} testId="standing-expiry">
      {!expiry || !me.data ? (
        <Skeleton height={90} />
      ) : expiry.state === 'none' ? (
        <Text size="sm">{t('standing.noExpiry')}</Text>
      ) : (
        <>
          <Text fw={700} size="lg" data-testid="standing-expiry-date">
            {formatDate(expiry.date, lang, 'long')}
          </Text>
          <Badge
            color={expiry.state === 'expired' ? 'red' : expiry.days <= 7 ? 'orange' : 'teal'}
            variant="light"
            size="lg"
            style={{ textTransform: 'none', maxWidth: '100%' }}
            data-testid="standing-days-left"
          >
            {expiry.state === 'expired'
              ? expiry.days === 1
                ? t('standing.expiredYesterday')
                : t('standing.expired', { count: formatCount(expiry.days, lang) })
              : expiry.days === 0
                ? t('standing.lastDay')
                : expiry.days === 1
                  ? t('standing.dayLeft')
                  : t('standing.daysLeft', { count: formatCount(expiry.days, lang) })}
          </Badge>
          <Text size="xs" c="dimmed">
            {me.data.package ? t('standing.package', { code: me.data.package }) : t('standing.noPackage')}
          </Text>
        </>
      )}
    </Card>
  );
}

function TitleCard({ lang }: { lang: Language }) {
  const { t } = useTranslation('dashboard');
  const title = useTitle();
  const progress = title.data ? titleProgress(title.data) : null;
  return (
    <Card title={t('standing.title')} testId="standing-title">
      {title.isPending ? (
        <Skeleton height={90} />
      ) : title.isError ? (
        <ErrorAlert error={title.error} onRetry={() => void title.refetch()} />
      ) : (
        <>
          <Text fw={700} size="lg" data-testid="standing-title-current">
            {title.data.current_title}
          </Text>
          {progress && progress.next !== null ? (
            <>
              <Text size="sm">{t('standing.nextTitle', { title: progress.next })}</Text>
              {progress.requirements.map((r) => (
                <Stack key={r.key} gap={2}>
                  <Bar
                    label={t(`standing.requirement.${r.key}`)}
                    value={t('standing.haveNeed', {
                      have: formatCount(r.have, lang),
                      need: formatCount(r.need, lang),
                    })}
                    percent={r.percent}
                    testId={`standing-title-${r.key}`}
                  />
                  {/* What is still needed, in words: the member's to-do toward the title. */}
                  <Text
                    size="xs"
                    c={r.missing > 0 ? 'orange.9' : 'teal.8'}
                    data-testid={`standing-title-${r.key}-missing`}
                  >
                    {r.missing > 0
                      ? t(`standingMissing.${r.key}`, { missing: formatCount(r.missing, lang) })
                      : t('standingMissing.met')}
                  </Text>
                </Stack>
              ))}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('standing.topTitle')}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}

function TravelCard({ travel, lang }: { travel: TravelPoint | undefined; lang: Language }) {
  const { t } = useTranslation('dashboard');
  if (!travel)
    return (
      <Card title={t('standing.travel')} testId="standing-travel">
        <Skeleton height={90} />
      </Card>
    );
  const c = travel.campaign;
  return (
    <Card title={t('standing.travel')} testId="standing-travel">
      <Figure
        label={t('standing.travelTotal')}
        value={formatCount(travel.total_points, lang)}
        testId="standing-travel-total"
      />
      {c ? (
        <>
          <Bar
            label={t('standing.campaign', { from: formatDate(c.start, lang), to: formatDate(c.end, lang) })}
            value={t('standing.haveNeed', {
              have: formatCount(travel.campaign_points, lang),
              need: formatCount(c.required_points, lang),
            })}
            percent={campaignPercent(travel.campaign_points, c.required_points)}
            testId="standing-campaign"
          />
          <Text size="xs" c="dimmed">
            {travel.reached
              ? t('standing.campaignReached')
              : t('standing.campaignMissing', {
                  missing: formatCount(travel.missing_points, lang),
                  count: formatCount(travel.days_left ?? 0, lang),
                })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed" data-testid="standing-no-campaign">
          {t('standing.noCampaign')}
        </Text>
      )}
    </Card>
  );
}

/** Points per side, expiry, business title and travel points. */
export function StandingWidget({
  today,
  month,
  travel,
  lang,
}: {
  today: string | null;
  month: Period | null;
  travel: TravelPoint | undefined;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="dashboard-standing">
      <Title order={2} size="h4" mb="md">
        {t('standing.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <PointsCard month={month} lang={lang} />
        <ExpiryCard today={today} lang={lang} />
        <TitleCard lang={lang} />
        <TravelCard travel={travel} lang={lang} />
      </SimpleGrid>
    </Paper>
  );
}
