import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { PlanVersion, PlanView } from '@portal/contracts/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePlan } from './api/plan';
import { useFormat } from '../../lib/i18n/use-format';
import { RecordTable } from '../../components/record-table';
import { PlanVersionForm } from './components/plan-form';
import { PlanParamsView } from './components/plan-params';
import './engine-namespace';

/** In force today, to come (a later date), or replaced by a later version. */
function stateOf(v: PlanVersion, view: PlanView): 'inForce' | 'scheduled' | 'past' {
  if (v.in_force) return 'inForce';
  if (v.effective_from && v.effective_from > view.business_date) return 'scheduled';
  return 'past';
}

const STATE_COLORS = { inForce: 'teal', scheduled: 'blue', past: 'gray' } as const;

/** /staff/plan: the plan in force, its versions, and a new version from a date. */
export default function PlanPage() {
  const { t } = useTranslation('engine');
  useDocumentTitle(t('plan.pageTitle'));
  const f = useFormat();
  const plan = usePlan();
  const [shown, setShown] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);

  if (plan.isPending) return <PageLoader />;
  if (plan.isError) return <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />;
  const view = plan.data;
  const selected = view.versions.find((v) => v.version === shown) ?? view.in_force;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('plan.pageTitle')}
          </Title>
          <Text c="dimmed">{t('plan.subtitle')}</Text>
        </Stack>
        <Button
          leftSection={editing ? <IconX size={16} /> : <IconPlus size={16} />}
          variant={editing ? 'default' : 'filled'}
          onClick={() => setEditing((e) => !e)}
          data-testid="plan-new"
        >
          {editing ? t('actions.cancel') : t('plan.new')}
        </Button>
      </Group>

      <Paper withBorder p="md" radius="lg" data-testid="plan-in-force">
        <Group gap="sm" wrap="wrap">
          <Badge color="teal" variant="light">
            {t('plan.inForce')}
          </Badge>
          <Text fw={600}>
            {view.in_force.version === 0
              ? t('plan.builtIn')
              : t('plan.versionFrom', {
                  version: view.in_force.version,
                  date: f.longDay(view.in_force.effective_from),
                })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('plan.lastClosed', {
              date: view.last_closed ? f.longDay(view.last_closed) : t('closings.noneClosed'),
            })}
          </Text>
        </Group>
      </Paper>

      {editing && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('plan.newTitle')}
          </Title>
          <PlanVersionForm
            view={view}
            onDone={(version) => {
              setEditing(false);
              setShown(version);
              notifications.show({ color: 'teal', message: t('plan.created', { version }) });
            }}
          />
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('plan.versions')}
        </Title>
        <RecordTable<PlanVersion>
          data-testid="plan-versions"
          idAccessor="version"
          records={view.versions}
          onRecordClick={(record) => setShown(record.version)}
          rowStyle={(v) => (v.version === selected.version ? { fontWeight: 600 } : undefined)}
          recordAttributes={(v) => ({ 'data-testid': 'plan-version', 'data-version': v.version })}
          columns={[
            {
              accessor: 'version',
              title: t('plan.version'),
              render: (v) => (v.version === 0 ? t('plan.builtInShort') : String(v.version)),
            },
            {
              accessor: 'effective_from',
              title: t('plan.from'),
              render: (v) => (v.effective_from ? f.day(v.effective_from) : t('plan.always')),
            },
            {
              accessor: 'state',
              title: t('plan.state'),
              render: (v) => {
                const state = stateOf(v, view);
                return (
                  <Badge color={STATE_COLORS[state]} variant="light">
                    {t(`plan.states.${state}`)}
                  </Badge>
                );
              },
            },
            { accessor: 'note', title: t('plan.note'), render: (v) => v.note ?? '' },
            {
              accessor: 'created_by',
              title: t('plan.by'),
              visibleMediaQuery: '(min-width: 48em)',
              render: (v) => (v.created_by ? `${v.created_by.name} · ${f.instant(v.created_at)}` : '–'),
            },
          ]}
        />
      </Stack>

      <Stack gap="xs">
        <Title order={2} size="h3" data-testid="plan-shown">
          {selected.version === 0 ? t('plan.builtIn') : t('plan.paramsOf', { version: selected.version })}
        </Title>
        <PlanParamsView params={selected.params} />
      </Stack>
    </Stack>
  );
}
