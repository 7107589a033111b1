import './staff-shop-namespace';
import { Badge, Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Page } from '@portal/contracts/paging';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/shop';
import type { StaffOrderListRow as StaffOrderRow } from '@portal/contracts/shop-holds';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pagingOf, RecordTable, type RecordColumn } from '../../components/record-table';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { formatPoints } from '../../lib/i18n/numbers';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStaffOrders } from './api/orders';
import { HoldBadge, HoldCell, ReleaseButton } from './components/hold-cell';
import { OrderDrawer } from './components/order-drawer';
import { SalesTaxExport } from './components/sales-tax-export';

const isStatus = (v: string | null): v is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(v ?? '');

/** /staff/orders: the orders desk. */
export default function StaffOrdersPage() {
  const { t, i18n } = useTranslation('staffshop');
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  useDocumentTitle(t('orders.title'));
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter = {
    q: params.get('q') ?? undefined,
    status: isStatus(status) ? status : undefined,
    slip_waiting: params.get('slip') === '1',
    holding: params.get('holding') === '1',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [search, setSearch] = useState(filter.q ?? '');
  const [open, setOpen] = useState<string | null>(null);
  const orders = useStaffOrders(filter, lang);
  const update = (next: Record<string, string | undefined>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      return p;
    });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim() || undefined, page: undefined });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Title order={2}>{t('orders.title')}</Title>
        <SalesTaxExport />
      </Group>
      <form onSubmit={onSearch}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 220px' }}
            label={t('orders.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            maxLength={100}
            data-testid="staff-orders-search"
          />
          <Select
            label={t('labels.status')}
            data={ORDER_STATUSES.map((s) => ({ value: s, label: t(`labels.statuses.${s}`) }))}
            value={filter.status ?? null}
            onChange={(v) => update({ status: v ?? undefined, page: undefined })}
            clearable
            w={180}
          />
          <Button type="submit">{t('labels.search')}</Button>
        </Group>
      </form>
      <Group gap="lg" wrap="wrap">
        <Checkbox
          label={t('orders.slipWaiting')}
          checked={filter.slip_waiting}
          onChange={(e) => update({ slip: e.currentTarget.checked ? '1' : undefined, page: undefined })}
          data-testid="staff-orders-slip"
        />
        <Checkbox
          label={t('holds.only')}
          checked={filter.holding}
          onChange={(e) => update({ holding: e.currentTarget.checked ? '1' : undefined, page: undefined })}
          data-testid="staff-orders-holding"
        />
      </Group>
      {filter.holding && (
        <Text size="sm" c="dimmed">
          {t('holds.explain')}
        </Text>
      )}
      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <ErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <Text c="dimmed">{t('orders.empty')}</Text>
      ) : (
        <OrderList
          list={orders.data}
          page={filter.page}
          onPage={(p) => update({ page: String(p) })}
          lang={lang}
          holds={filter.holding}
          onOpen={setOpen}
        />
      )}
      <OrderDrawer number={open} lang={lang} onClose={() => setOpen(null)} />
    </Stack>
  );
}

type Lang = 'th' | 'en';

/** The payment status, with a mark when a slip waits for staff. */
function PaymentCell({ order: o }: { order: StaffOrderRow }) {
  const { t } = useTranslation('staffshop');
  return (
    <Group gap={4}>
      <Text size="sm">{t(`labels.paymentStatuses.${o.payment_status}`)}</Text>
      {o.slip_waiting && (
        <Badge color="orange" size="xs">
          {t('orders.slip')}
        </Badge>
      )}
      <HoldBadge order={o} />
    </Group>
  );
}

function Buyer({ order: o }: { order: StaffOrderRow }) {
  const { t } = useTranslation('staffshop');
  return (
    <>
      <Text size="sm">{o.buyer_name}</Text>
      <Text size="xs" c="dimmed">
        {o.member_code} · {t(`labels.types.${o.order_type}`)}
      </Text>
    </>
  );
}

/** The orders as table rows, or as cards on a phone; a click on either opens the order. */
function OrderList({
  list,
  page,
  onPage,
  lang,
  holds,
  onOpen,
}: {
  list: Page<StaffOrderRow>;
  page: number;
  onPage: (page: number) => void;
  lang: Lang;
  /** The holds' view: until when each order holds its units, and its release. */
  holds: boolean;
  onOpen: (orderNo: string) => void;
}) {
  const { t } = useTranslation('staffshop');
  const number = (o: StaffOrderRow) => (
    <Button variant="subtle" size="compact-sm" px={4} onClick={() => onOpen(o.order_no)}>
      {o.order_no}
    </Button>
  );
  const columns: RecordColumn<StaffOrderRow>[] = [
    { accessor: 'order_no', title: t('labels.number'), render: number },
    { accessor: 'buyer_name', title: t('orders.buyer'), render: (o) => <Buyer order={o} /> },
    {
      accessor: 'status',
      title: t('labels.status'),
      render: (o) => <Badge variant="light">{t(`labels.statuses.${o.status}`)}</Badge>,
    },
    {
      accessor: 'payment_status',
      title: t('labels.paymentStatus'),
      render: (o) => <PaymentCell order={o} />,
    },
    {
      accessor: 'total_amount',
      title: t('labels.total'),
      textAlign: 'right',
      noWrap: true,
      render: (o) => `฿${formatPoints(o.total_amount, lang)}`,
    },
    {
      accessor: 'created_at',
      title: t('labels.date'),
      render: (o) => formatDate(o.created_at, lang, 'dateTime'),
    },
    ...(holds
      ? ([
          {
            accessor: 'hold',
            title: t('holds.until'),
            render: (o) => <HoldCell order={o} lang={lang} />,
          },
          {
            accessor: 'release',
            title: '',
            card: 'actions',
            render: (o) => <ReleaseButton order={o} />,
          },
        ] satisfies RecordColumn<StaffOrderRow>[])
      : []),
  ];
  return (
    <RecordTable<StaffOrderRow>
      data-testid="staff-orders"
      idAccessor="order_no"
      records={list.items}
      columns={columns}
      cardTitle={number}
      onRecordClick={(o) => onOpen(o.order_no)}
      recordAttributes={(o) => ({ 'data-testid': `staff-order-${o.order_no}` })}
      {...pagingOf(list, page, onPage)}
    />
  );
}
