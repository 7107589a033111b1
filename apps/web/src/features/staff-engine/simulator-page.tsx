import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileUpload, IconPlayerPlay, IconWand } from '@tabler/icons-react';
import type { SimulationResult } from '@portal/contracts/engine';
import { bangkokDate } from '@portal/plan/dates';
import { percentText } from '@portal/plan/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http/errors';
import { useDescribeError } from '../../lib/i18n/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSimulate, useSimulationQueue } from './api/plan';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import { RecordTable, type RecordColumn } from '../../components/record-table';
import { EXAMPLE_SCENARIO, parseScenario } from './model/scenario';
import { ScenarioFormCard } from './components/scenario-form';
import './engine-namespace';

type Row = Record<string, unknown>;
type Table = keyof SimulationResult;
const TABLES: Table[] = ['closings', 'income', 'payouts', 'titles', 'hold_lots', 'members'];
const MONEY = new Set([
  'gross',
  'paid',
  'flushed',
  'point_part',
  'cash_part',
  'max_income_per_day',
  'amount',
  'wht',
  'net',
  'point_balance',
]);

/** One table of the result: every field of its rows as a column (the contract's names), money formatted. */
function ResultTable({ rows, name }: { rows: Row[]; name: Table }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const keys = Object.keys(rows[0] ?? {});
  const columns: RecordColumn<Row>[] = keys.map((key) => ({
    accessor: key,
    title: t(`simulator.fields.${key}` as 'simulator.fields.member', { defaultValue: key }),
    noWrap: true,
    textAlign: typeof rows[0]?.[key] === 'number' || MONEY.has(key) ? 'right' : 'left',
    render: (r) => {
      const v = r[key];
      if (v === null || v === undefined) return '–';
      if (MONEY.has(key) && typeof v === 'string') return <Money value={v} />;
      // A rate ("0.12") as people read it: 12%.
      if (key === 'income_percent' && typeof v === 'string') return `${percentText(v)}%`;
      if (/date$/.test(key) && typeof v === 'string') return f.day(v);
      if (key === 'releases' && Array.isArray(v))
        return (v as { date: string; pv: number; target: string }[])
          .map((rel) => `${f.day(rel.date)} ${rel.pv} → ${rel.target}`)
          .join('; ');
      if (typeof v === 'boolean') return v ? t('simulator.yes') : t('simulator.no');
      return String(v);
    },
  }));
  return (
    <RecordTable<Row>
      data-testid={`simulation-${name}`}
      idAccessor={(r) => JSON.stringify(r)}
      records={rows}
      columns={columns}
      scrollAreaProps={{ type: 'auto' }}
      recordAttributes={() => ({ 'data-testid': 'simulation-row' })}
    />
  );
}

/** /staff/simulator: a scenario of plan section 13 in (pasted or uploaded), its result tables out. */
export default function SimulatorPage() {
  const { t } = useTranslation('engine');
  const describe = useDescribeError();
  useDocumentTitle(t('simulator.title'));
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const simulate = useSimulate();
  const queue = useSimulationQueue(simulate.isPending);
  const position = simulate.isPending ? queue.data?.mine[0] : undefined;

  const run = () => {
    const parsed = parseScenario(text);
    if (!parsed.ok) {
      setLocal(t(`simulator.errors.${parsed.error}`));
      return;
    }
    setLocal(null);
    simulate.mutate(parsed.scenario);
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setText(await file.text());
    setLocal(null);
    simulate.reset();
  };
  const refusal =
    simulate.error instanceof ApiError && simulate.error.errorCode === 'VALIDATION_ERROR'
      ? (simulate.error.field('scenario') ?? simulate.error.message)
      : simulate.error
        ? describe(simulate.error)
        : null;
  const result = simulate.data;
  const runForm = (scenario: Record<string, unknown>) => {
    setText(JSON.stringify(scenario, null, 2));
    setLocal(null);
    simulate.mutate(scenario);
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('simulator.title')}
        </Title>
        <Text c="dimmed">{t('simulator.subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ScenarioFormCard from={bangkokDate(new Date())} onRun={runForm} running={simulate.isPending} />
        <Paper withBorder p="md" radius="lg">
          <Stack gap="sm">
            <Textarea
              label={t('simulator.scenario')}
              description={t('simulator.scenarioHint')}
              autosize
              minRows={8}
              maxRows={24}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              data-testid="simulator-scenario"
            />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm">
                <FileButton onChange={(file) => void upload(file)} accept="application/json,.json">
                  {(props) => (
                    <Button
                      variant="light"
                      leftSection={<IconFileUpload size={16} />}
                      {...props}
                      data-testid="simulator-upload"
                    >
                      {t('simulator.upload')}
                    </Button>
                  )}
                </FileButton>
                <Button
                  variant="subtle"
                  leftSection={<IconWand size={16} />}
                  onClick={() => setText(JSON.stringify(EXAMPLE_SCENARIO, null, 2))}
                  data-testid="simulator-example"
                >
                  {t('simulator.example')}
                </Button>
              </Group>
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                loading={simulate.isPending}
                onClick={run}
                data-testid="simulator-run"
              >
                {t('simulator.run')}
              </Button>
            </Group>
            {simulate.isPending && (
              <Text size="sm" c="dimmed" data-testid="simulator-progress">
                {position ? t('simulator.queued', { position }) : t('simulator.running')}
              </Text>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      {(local || refusal) && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('simulator.refused')}
          data-testid="simulator-error"
        >
          <Text size="sm" ff={local ? undefined : 'monospace'}>
            {local ?? refusal}
          </Text>
        </Alert>
      )}
      {result && (
        <Tabs defaultValue="closings" data-testid="simulator-result">
          <Tabs.List>
            {TABLES.map((name) => (
              <Tabs.Tab
                key={name}
                value={name}
                rightSection={
                  <Badge size="xs" variant="light">
                    {result[name].length}
                  </Badge>
                }
              >
                {t(`simulator.tables.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABLES.map((name) => (
            <Tabs.Panel key={name} value={name} pt="md">
              <ResultTable rows={result[name] as unknown as Row[]} name={name} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
