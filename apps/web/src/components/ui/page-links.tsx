import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../../lib/pagination';
import { PAGE_LINKS } from '@portal/contracts/paging';

/**
 * Pagination with at most five page numbers (spec: 5 page links). Mantine's siblings/boundaries
 * show up to seven numbers for six or seven pages, so the window is computed here instead.
 */
export function PageLinks({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  if (total <= 1) return null;
  return (
    <Pagination.Root
      total={total}
      value={page}
      onChange={onChange}
      getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
      aria-label={t('pagination.label')}
    >
      <Group gap={6} justify="center" wrap="wrap">
        <Pagination.First aria-label={t('pagination.first')} />
        <Pagination.Previous aria-label={t('pagination.previous')} />
        {pageWindow(page, total, PAGE_LINKS).map((p) => (
          <Pagination.Control
            key={p}
            active={p === page}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: p })}
            onClick={() => onChange(p)}
          >
            {p}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label={t('pagination.next')} />
        <Pagination.Last aria-label={t('pagination.last')} />
      </Group>
    </Pagination.Root>
  );
}
