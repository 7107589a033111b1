import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../../components/range-picker';
import {
  defaultScenarioForm,
  formProblem,
  scenarioFromForm,
  type FormMember,
  type FormRepurchase,
  type ScenarioForm,
} from '../model/scenario-form';
import '../engine-namespace';

const PACKAGES = Object.keys(DEFAULT_PLAN.PACKAGES);

/**
 * The simulator's form for the common cases: members placed in a binary tree with the package each
 * buys on the first day, repurchases by day, the days to run. "Simulate" writes the scenario into
 * the JSON box (where anything else is edited) and runs it.
 */
export function ScenarioFormCard({
  from,
  onRun,
  running,
}: {
  /** The first day the form starts on. */
  from: string;
  onRun: (scenario: Record<string, unknown>) => void;
  running: boolean;
}) {
  const { t } = useTranslation('engine');
  const [form, setForm] = useState<ScenarioForm>(() => defaultScenarioForm(from));
  const [tried, setTried] = useState(false);
  const problem = formProblem(form);
  const codes = form.members.map((m) => m.code).filter(Boolean);

  const setMember = (row: number, patch: Partial<FormMember>) =>
    setForm((f) => ({ ...f, members: f.members.map((m, i) => (i === row ? { ...m, ...patch } : m)) }));
  const setRepurchase = (row: number, patch: Partial<FormRepurchase>) =>
    setForm((f) => ({
      ...f,
      repurchases: f.repurchases.map((r, i) => (i === row ? { ...r, ...patch } : r)),
    }));
  const addMember = () =>
    setForm((f) => {
      const parent = f.members[Math.floor((f.members.length - 1) / 2)]?.code ?? '';
      const code = nextCode(f.members.map((m) => m.code));
      const side = f.members.length % 2 === 1 ? 'left' : 'right';
      return {
        ...f,
        members: [...f.members, { code, upline: parent, side, referrer: parent, package: 'STARTER' }],
      };
    });
  const run = () => {
    setTried(true);
    if (!problem) onRun(scenarioFromForm(form));
  };
  const packageData = [
    { value: '', label: t('simulator.form.noPackage') },
    ...PACKAGES.map((p) => ({ value: p, label: p })),
  ];

  return (
    <Paper withBorder p="md" radius="lg" data-testid="simulator-form">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('simulator.form.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('simulator.form.hint')}
          </Text>
        </Stack>
        <RangePicker
          label={t('simulator.form.days')}
          from={form.from}
          to={form.until}
          onChange={({ from: a, to: b }) => setForm((f) => ({ ...f, from: a, until: b }))}
          testId="simulator-form-range"
        />
        <Text fw={600} size="sm">
          {t('simulator.form.members')}
        </Text>
        {form.members.map((m, row) => (
          <Group
            key={row}
            gap="xs"
            align="flex-end"
            wrap="wrap"
            data-testid="simulator-form-member"
            data-row={row}
          >
            <TextInput
              label={t('simulator.form.code')}
              value={m.code}
              onChange={(e) => setMember(row, { code: e.currentTarget.value.trim() })}
              w={80}
              error={tried && problemRow(problem, ['code', 'duplicate'], row)}
              data-testid="form-member-code"
            />
            {row === 0 ? (
              <Text size="sm" c="dimmed" pb={8} style={{ flex: '1 1 160px' }}>
                {t('simulator.form.root')}
              </Text>
            ) : (
              <>
                <Select
                  label={t('simulator.form.upline')}
                  data={codes.slice(0, row)}
                  value={m.upline || null}
                  onChange={(v) => setMember(row, { upline: v ?? '' })}
                  w={90}
                  error={tried && problemRow(problem, ['upline'], row)}
                  data-testid="form-member-upline"
                />
                <Select
                  label={t('simulator.form.side')}
                  data={[
                    { value: 'left', label: t('simulator.form.left') },
                    { value: 'right', label: t('simulator.form.right') },
                  ]}
                  value={m.side}
                  allowDeselect={false}
                  onChange={(v) => setMember(row, { side: v === 'right' ? 'right' : 'left' })}
                  w={100}
                  error={tried && problemRow(problem, ['sideTaken'], row)}
                  data-testid="form-member-side"
                />
                <Select
                  label={t('simulator.form.referrer')}
                  data={codes.filter((c) => c !== m.code)}
                  value={m.referrer || null}
                  onChange={(v) => setMember(row, { referrer: v ?? '' })}
                  clearable
                  w={90}
                  data-testid="form-member-referrer"
                />
              </>
            )}
            <Select
              label={t('simulator.form.package')}
              data={packageData}
              value={m.package}
              allowDeselect={false}
              onChange={(v) => setMember(row, { package: v ?? '' })}
              w={130}
              data-testid="form-member-package"
            />
            {row > 0 && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t('simulator.form.remove')}
                onClick={() => setForm((f) => ({ ...f, members: f.members.filter((_, i) => i !== row) }))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={addMember}
            data-testid="form-add-member"
          >
            {t('simulator.form.addMember')}
          </Button>
        </Group>
        <Text fw={600} size="sm">
          {t('simulator.form.repurchases')}
        </Text>
        {form.repurchases.map((r, row) => (
          <Group key={row} gap="xs" align="flex-end" wrap="wrap" data-testid="simulator-form-repurchase">
            <Select
              label={t('simulator.form.member')}
              data={codes}
              value={r.member || null}
              onChange={(v) => setRepurchase(row, { member: v ?? '' })}
              w={90}
              error={tried && problemRow(problem, ['repurchaseMember'], row)}
              data-testid="form-repurchase-member"
            />
            <NumberInput
              label={t('simulator.form.day')}
              value={r.day}
              min={1}
              allowDecimal={false}
              onChange={(v) => setRepurchase(row, { day: Number(v) || 0 })}
              w={90}
              error={tried && problemRow(problem, ['repurchaseDay'], row)}
              data-testid="form-repurchase-day"
            />
            <NumberInput
              label={t('simulator.form.pv')}
              value={r.pv}
              min={1}
              allowDecimal={false}
              thousandSeparator=","
              onChange={(v) => setRepurchase(row, { pv: Number(v) || 0 })}
              w={110}
              error={tried && problemRow(problem, ['repurchasePv'], row)}
              data-testid="form-repurchase-pv"
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('simulator.form.remove')}
              onClick={() =>
                setForm((f) => ({ ...f, repurchases: f.repurchases.filter((_, i) => i !== row) }))
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              setForm((f) => ({
                ...f,
                repurchases: [...f.repurchases, { member: f.members.at(-1)?.code ?? '', day: 1, pv: 500 }],
              }))
            }
            data-testid="form-add-repurchase"
          >
            {t('simulator.form.addRepurchase')}
          </Button>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            loading={running}
            onClick={run}
            data-testid="simulator-form-run"
          >
            {t('simulator.form.run')}
          </Button>
        </Group>
        {tried && problem && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="simulator-form-problem"
          >
            {t(`simulator.form.problems.${problem.kind}`, {
              row: 'row' in problem ? problem.row + 1 : 0,
            })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The field's error mark when the form's problem is of one of `kinds` on this row. */
function problemRow(problem: ReturnType<typeof formProblem>, kinds: string[], row: number): boolean {
  return !!problem && kinds.includes(problem.kind) && 'row' in problem && problem.row === row;
}

/** The next free one-letter code (A, B, … Z, then M27, M28, …). */
function nextCode(taken: string[]): string {
  for (let i = 0; i < 26; i++) {
    const c = String.fromCharCode(65 + i);
    if (!taken.includes(c)) return c;
  }
  let n = taken.length + 1;
  while (taken.includes(`M${n}`)) n++;
  return `M${n}`;
}
