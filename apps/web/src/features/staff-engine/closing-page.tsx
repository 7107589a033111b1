import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCash } from '@tabler/icons-react';
import type { EngineRun } from '@portal/contracts/engine';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useClosingRun } from './api/closings';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import { RunTypeBadge, useRunText } from './components/bits';
import './engine-namespace';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** A run's numbers as a two-column table; labels of the keys the engine writes, the key itself otherwise. */
function Figures({
  title,
  entries,
  money,
}: {
  title: string;
  entries: [string, string | number][];
  money?: boolean;
}) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const group = money ? 'totals' : 'counts';
  return (
    <Paper withBorder p="md" radius="lg" data-testid={`run-${group}`}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('runs.nothing')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {entries.map(([key, value]) => (
                <Table.Tr key={key} data-key={key}>
                  <Table.Td>{t(`${group}.${key}` as 'counts.rows', { defaultValue: key })}</Table.Td>
                  <Table.Td ta="right">
                    {money ? <Money value={String(value)} /> : f.count(Number(value))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function SameDay({ runs }: { runs: EngineRun[] }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const rt = useRunText();
  if (runs.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('run.sameDay')}
        </Title>
        {runs.map((r) => (
          <Group key={r.id} gap="sm" wrap="wrap">
            <RunTypeBadge type={r.type} />
            <Anchor component={Link} to={paths.staffClosing.href(r.id)} size="sm">
              {t('run.open', { id: r.id })}
            </Anchor>
            <Text size="xs" c="dimmed">
              {f.instant(r.finished_at)} · {rt.starter(r)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** /staff/closings/:id: one run of the engine with everything it recorded. */
export default function ClosingPage() {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const rt = useRunText();
  const id = Number(useParams().id);
  const run = useClosingRun(Number.isInteger(id) && id > 0 ? id : 0);
  const r = run.data;
  useDocumentTitle(
    r ? t('run.title', { type: t(`runTypes.${r.type}`), date: f.day(r.business_date) }) : t('closings.title'),
  );

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to={paths.staffClosings.href()}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('run.back')}
        </Button>
      </Group>
      {run.isPending ? (
        <PageLoader />
      ) : run.isError || !r ? (
        <ErrorAlert error={run.error} onRetry={() => void run.refetch()} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Title order={1} size="h2" data-testid="run-title">
                {t('run.title', { type: t(`runTypes.${r.type}`), date: f.longDay(r.business_date) })}
              </Title>
              <Group gap="xs">
                <RunTypeBadge type={r.type} />
                <Text size="sm" c="dimmed">
                  {t('run.status', {
                    status: t(`runStatus.${r.status}` as 'runStatus.done', { defaultValue: r.status }),
                  })}
                </Text>
              </Group>
            </Stack>
            {r.type === 'PAYOUT' && (
              <Button
                component={Link}
                to={paths.staffPayout.href(r.business_date)}
                leftSection={<IconCash size={16} />}
                data-testid="run-payout-link"
              >
                {t('run.openPayout')}
              </Button>
            )}
          </Group>
          <Paper withBorder p="md" radius="lg">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <Fact label={t('runs.date')}>{f.longDay(r.business_date)}</Fact>
              <Fact label={t('runs.planVersion')}>
                <Anchor component={Link} to={paths.staffPlan.href()}>
                  {r.plan_version === 0 ? t('plan.builtIn') : t('run.version', { version: r.plan_version })}
                </Anchor>
              </Fact>
              <Fact label={t('runs.startedBy')}>{rt.starter(r)}</Fact>
              <Fact label={t('run.started')}>{f.instant(r.started_at)}</Fact>
              <Fact label={t('runs.finished')}>{f.instant(r.finished_at)}</Fact>
              <Fact label={t('run.duration')}>{rt.duration(r.duration_ms)}</Fact>
            </SimpleGrid>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Figures title={t('run.counts')} entries={Object.entries(r.counts)} />
            <Figures title={t('run.totals')} entries={Object.entries(r.totals)} money />
          </SimpleGrid>
          <SameDay runs={r.same_day} />
        </>
      )}
    </Stack>
  );
}
