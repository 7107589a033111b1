import 'mantine-datatable/styles.css';
import { DataTable, type DataTableProps } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import '../engine-namespace';

/**
 * The engine desk's tables (mantine-datatable): bordered and striped, the texts of the
 * empty state and of the pager in the staff member's language. With `page`, `onPageChange`,
 * `totalRecords` and `recordsPerPage` it pages on the server.
 */
export function DeskTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('engine');
  const paging = 'page' in props && props.page !== undefined;
  const merged = {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: props.records && props.records.length > 0 ? undefined : 150,
    noRecordsText: t('table.empty'),
    verticalAlign: 'top',
    ...(paging
      ? {
          paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
            t('table.range', { from, to, total: totalRecords }),
          getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
            'aria-label': t(`table.${control}`),
          }),
        }
      : {}),
    ...props,
  } as DataTableProps<T>;
  return <DataTable<T> {...merged} />;
}
