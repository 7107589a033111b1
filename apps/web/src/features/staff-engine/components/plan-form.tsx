import {
  Alert,
  Button,
  Group,
  NumberInput,
  type NumberInputProps,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { PlanParams, PlanVersionBody, PlanView } from '@portal/contracts/engine';
import { get, set, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { ApiError } from '../../../lib/http/errors';
import { useCreatePlanVersion } from '../api/plan';
import {
  errorsFromServer,
  formFromParams,
  toPlanBody,
  type PlanFormErrors,
  type PlanFormValues,
} from '../model/plan-form';
import { useFormat } from '../../../lib/i18n/use-format';
import { useDescribeRefusal } from './bits';

type Decimals =
  | 'PV_THB'
  | 'REFERRER_PCT'
  | 'CASHBACK_PCT'
  | 'CYCLE_POINT_SPLIT'
  | 'WHT_RATE'
  | 'MIN_PAYOUT'
  | 'TRANSFER_FEE';
type Integers = 'ACTIVITY_PV' | 'ACTIVITY_DAYS' | 'MTA_MIN_PV' | 'HOLD_RELEASE_DAYS';
const DECIMALS: Decimals[] = [
  'REFERRER_PCT',
  'CASHBACK_PCT',
  'CYCLE_POINT_SPLIT',
  'WHT_RATE',
  'PV_THB',
  'MIN_PAYOUT',
  'TRANSFER_FEE',
];
const WHT_METHODS: PlanParams['WHT_METHOD'][] = ['FLAT', 'ANNUALISED'];
const INTEGERS: Integers[] = ['ACTIVITY_PV', 'ACTIVITY_DAYS', 'MTA_MIN_PV', 'HOLD_RELEASE_DAYS'];

/** The marked paths ("params.PACKAGES.SILVER.price") as react-hook-form's nested errors. */
function nestedErrors(marks: PlanFormErrors): FieldErrors<PlanFormValues> {
  const errors: FieldErrors<PlanFormValues> = {};
  for (const path of Object.keys(marks)) set(errors, path, { type: 'invalid' });
  return errors;
}

/** A whole number from a NumberInput (which may hand over a string while typing). */
const int = (v: string | number) => (typeof v === 'number' ? v : Number.parseInt(v, 10) || 0);

/** A field for a whole number of 0 or more; a change hands over the number. */
function WholeInput({
  onValue,
  ...props
}: Omit<NumberInputProps, 'onChange'> & { onValue: (n: number) => void }) {
  return (
    <NumberInput {...props} allowDecimal={false} allowNegative={false} onChange={(v) => onValue(int(v))} />
  );
}

/** The packages table's columns: the field and its heading (amounts and rates as text, counts whole). */
const PACKAGE_COLUMNS = [
  ['price', 'plan.price'],
  ['pv', 'plan.pv'],
  ['cycle_value', 'plan.cycleValue'],
  ['income_percent', 'plan.incomePercent'],
  ['max_income_per_day', 'plan.cap'],
] as const;

/** The columns of the titles table: a title's field and the header that names it (its inputs' names too). */
const TITLE_FIELDS = [
  ['cycles', 'plan.cycles'],
  ['referrals', 'plan.referrals'],
  ['mta_depth', 'plan.mtaDepth'],
] as const;

/**
 * A new version of the plan from a date (plan section 7): every parameter, prefilled with the version
 * in force. Rates are fractions as the plan writes them ("0.20" is 20%); amounts in baht.
 */
export function PlanVersionForm({ view, onDone }: { view: PlanView; onDone: (version: number) => void }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const create = useCreatePlanVersion();
  const refusal = useDescribeRefusal();
  const form = useForm<PlanFormValues, unknown, PlanVersionBody>({
    defaultValues: formFromParams(view.in_force.params, view.earliest_from),
    // The contract's schema marks each field that breaks it (model/plan-form.ts).
    resolver: (values) => {
      const checked = toPlanBody(values);
      return checked.ok
        ? { values: checked.body, errors: {} }
        : { values: {}, errors: nestedErrors(checked.errors) };
    },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const p = values.params;
  const setParams = (change: (params: PlanParams) => PlanParams) =>
    form.setValue('params', change(form.getValues('params')));
  /** Changes the travel campaign's fields (when there is a campaign). */
  const setCampaign = (change: Partial<NonNullable<PlanParams['TRAVEL_CAMPAIGN']>>) =>
    setParams((x) => ({ ...x, TRAVEL_CAMPAIGN: x.TRAVEL_CAMPAIGN && { ...x.TRAVEL_CAMPAIGN, ...change } }));
  const bad = (path: string) => (get(errors, path) ? t('plan.form.invalid') : undefined);

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (next) => onDone(next.versions[0]?.version ?? 0),
      onError: (error) => {
        if (error instanceof ApiError)
          for (const path of Object.keys(errorsFromServer(error.fieldErrors)))
            form.setError(path as FieldPath<PlanFormValues>, { type: 'server' });
      },
    }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} data-testid="plan-form">
      <Stack gap="md">
        <Paper withBorder p="md" radius="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DayInput
              required
              label={t('plan.form.from')}
              description={t('plan.form.fromHint', { date: f.longDay(view.earliest_from) })}
              min={view.earliest_from}
              value={values.effective_from}
              onChange={(v) => form.setValue('effective_from', v)}
              error={bad('effective_from')}
              testId="plan-form-from"
            />
            <TextInput
              label={t('plan.form.note')}
              value={values.note}
              maxLength={500}
              onChange={(e) => form.setValue('note', e.currentTarget.value)}
              data-testid="plan-form-note"
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="lg">
          <Title order={3} size="h5" mb="xs">
            {t('plan.form.figures')}
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            {t('plan.form.ratesHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {DECIMALS.map((key) => (
              <TextInput
                key={key}
                label={t(`params.${key}`)}
                value={p[key]}
                inputMode="decimal"
                onChange={(e) => {
                  const value = e.currentTarget.value.trim();
                  setParams((x) => ({ ...x, [key]: value }));
                }}
                error={bad(`params.${key}`)}
                data-testid={`plan-param-${key}`}
              />
            ))}
            {INTEGERS.map((key) => (
              <WholeInput
                key={key}
                label={t(`params.${key}`)}
                value={p[key]}
                onValue={(n) => setParams((x) => ({ ...x, [key]: n }))}
                error={bad(`params.${key}`)}
              />
            ))}
            <TextInput
              label={t('params.MTA_RATE')}
              description={t('plan.form.mtaHint')}
              value={values.mtaRates}
              onChange={(e) => form.setValue('mtaRates', e.currentTarget.value)}
              error={bad('params.MTA_RATE')}
            />
            <Select
              label={t('params.PAYOUT_WEEKDAY')}
              data={[0, 1, 2, 3, 4, 5, 6].map((d) => ({
                value: String(d),
                label: t(`weekdays.${d}` as 'weekdays.2'),
              }))}
              value={String(p.PAYOUT_WEEKDAY)}
              allowDeselect={false}
              onChange={(v) => setParams((x) => ({ ...x, PAYOUT_WEEKDAY: Number(v ?? 2) }))}
            />
            <Select
              label={t('params.WHT_METHOD')}
              data={WHT_METHODS.map((m) => ({ value: m, label: t(`whtMethods.${m}`) }))}
              value={p.WHT_METHOD}
              allowDeselect={false}
              onChange={(v) =>
                setParams((x) => ({ ...x, WHT_METHOD: (v as PlanParams['WHT_METHOD'] | null) ?? 'FLAT' }))
              }
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="lg">
          <Title order={3} size="h5" mb="xs">
            {t('plan.packages')}
          </Title>
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('plan.package')}</Table.Th>
                  {PACKAGE_COLUMNS.map(([field, heading]) => (
                    <Table.Th key={field}>{t(heading)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Object.entries(p.PACKAGES).map(([code, pkg]) => {
                  const set = (field: keyof typeof pkg, value: string | number) =>
                    setParams((x) => ({
                      ...x,
                      PACKAGES: { ...x.PACKAGES, [code]: { ...pkg, [field]: value } },
                    }));
                  const path = (field: string) => `params.PACKAGES.${code}.${field}`;
                  return (
                    <Table.Tr key={code}>
                      <Table.Td fw={600}>{code}</Table.Td>
                      {PACKAGE_COLUMNS.map(([field, heading]) => {
                        const value = pkg[field];
                        const label = `${code} ${t(heading)}`;
                        return (
                          <Table.Td key={field}>
                            {typeof value === 'number' ? (
                              <WholeInput
                                aria-label={label}
                                value={value}
                                onValue={(n) => set(field, n)}
                                error={bad(path(field))}
                              />
                            ) : (
                              <TextInput
                                aria-label={label}
                                value={value}
                                onChange={(e) => set(field, e.currentTarget.value.trim())}
                                error={bad(path(field))}
                              />
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Paper withBorder p="md" radius="lg">
          <Title order={3} size="h5" mb="xs">
            {t('plan.titles')}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('plan.title')}</Table.Th>
                  <Table.Th>{t('plan.cycles')}</Table.Th>
                  <Table.Th>{t('plan.referrals')}</Table.Th>
                  <Table.Th>{t('plan.mtaDepth')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.TITLES.map((title, i) => {
                  const set = (field: 'cycles' | 'referrals' | 'mta_depth', n: number) =>
                    setParams((x) => ({
                      ...x,
                      TITLES: x.TITLES.map((tt, j) => (j === i ? { ...tt, [field]: n } : tt)),
                    }));
                  return (
                    <Table.Tr key={title.code}>
                      <Table.Td fw={600}>{title.code}</Table.Td>
                      {TITLE_FIELDS.map(([field, header]) => (
                        <Table.Td key={field}>
                          <WholeInput
                            aria-label={`${title.code} ${t(header)}`}
                            value={title[field]}
                            onValue={(n) => set(field, n)}
                            error={bad(`params.TITLES.${i}.${field}`)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Paper withBorder p="md" radius="lg">
          <Stack gap="sm">
            <Switch
              label={t('params.TRAVEL_CAMPAIGN')}
              checked={p.TRAVEL_CAMPAIGN !== null}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setParams((x) => ({
                  ...x,
                  TRAVEL_CAMPAIGN: on
                    ? { start: values.effective_from, end: values.effective_from, required_points: 300 }
                    : null,
                }));
              }}
            />
            {p.TRAVEL_CAMPAIGN && (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <DayInput
                  label={t('plan.form.campaignStart')}
                  value={p.TRAVEL_CAMPAIGN.start}
                  onChange={(start) => setCampaign({ start })}
                  error={bad('params.TRAVEL_CAMPAIGN.start')}
                  testId="plan-form-campaign-start"
                />
                <DayInput
                  label={t('plan.form.campaignEnd')}
                  value={p.TRAVEL_CAMPAIGN.end}
                  onChange={(end) => setCampaign({ end })}
                  error={bad('params.TRAVEL_CAMPAIGN.end')}
                  testId="plan-form-campaign-end"
                />
                <WholeInput
                  label={t('plan.form.campaignPoints')}
                  value={p.TRAVEL_CAMPAIGN.required_points}
                  onValue={(n) => setCampaign({ required_points: n })}
                  error={bad('params.TRAVEL_CAMPAIGN.required_points')}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
        {Object.keys(errors).length > 0 && (
          <Alert color="red" variant="light" data-testid="plan-form-invalid">
            {t('plan.form.fix')}
          </Alert>
        )}
        {create.isError &&
          !(create.error instanceof ApiError && create.error.errorCode === 'VALIDATION_ERROR') && (
            <Alert color="red" variant="light" data-testid="plan-form-refused">
              {refusal(create.error)}
            </Alert>
          )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="plan-form-submit">
            {t('plan.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
