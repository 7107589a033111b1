import { Alert, Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { PUBLIC_NS } from '../public-namespace';
import { useDisclosureYears, useIncomeDisclosure } from './api';
import { DisclosureView, useFigures, yearLabel } from './disclosure-view';

/** The year in the address (?year=) when it is a closed one, else the newest closed year. */
export function useChosenYear(years: number[] | undefined) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = years?.includes(asked) ? asked : (years?.[0] ?? null);
  return [year, (y: number) => setParams({ year: String(y) }, { replace: true })] as const;
}

/** The closed years to choose from, newest first. */
export function YearPicker({
  years,
  year,
  onChange,
}: {
  years: number[];
  year: number;
  onChange: (year: number) => void;
}) {
  const { t, lang } = useFigures();
  return (
    <Select
      label={t('disclosure.year')}
      data={years.map((y) => ({ value: String(y), label: yearLabel(y, lang) }))}
      value={String(year)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      w={160}
      data-testid="disclosure-year"
    />
  );
}

/**
 * The closed years and the chosen year's figures (the public page and the staff desk alike): the
 * picker with `action` beside it, or why there is nothing to show yet.
 */
export function DisclosureOfYear({ action }: { action?: (year: number) => ReactNode }) {
  const { t } = useTranslation(PUBLIC_NS);
  const years = useDisclosureYears();
  const [year, setYear] = useChosenYear(years.data?.years);
  const disclosure = useIncomeDisclosure(year);
  if (years.isPending) return <PageLoader />;
  if (years.isError) return <ErrorAlert error={years.error} onRetry={() => void years.refetch()} />;
  if (year === null)
    return (
      <Alert color="gray" data-testid="disclosure-none">
        {t('disclosure.none')}
      </Alert>
    );
  return (
    <>
      <Group align="end" gap="sm">
        <YearPicker years={years.data.years} year={year} onChange={setYear} />
        {action?.(year)}
      </Group>
      {disclosure.isPending ? (
        <PageLoader />
      ) : disclosure.isError ? (
        <ErrorAlert error={disclosure.error} onRetry={() => void disclosure.refetch()} />
      ) : (
        <DisclosureView d={disclosure.data} />
      )}
    </>
  );
}
