import './staff-shop-namespace';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts/shop';
import type { StaffOrderListRow as StaffOrderRow } from '@portal/contracts/shop-holds';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { formatPoints } from '../../lib/i18n/numbers';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStaffOrders } from './api/orders';
import { HoldBadge, HoldCell, ReleaseButton } from './components/hold-cell';
import { OrderDrawer } from './components/order-drawer';
import { useNarrow } from '../../lib/use-narrow';

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
  // Below the table's width the rows become cards, so nothing is cut at the screen's edge.
  const phone = useNarrow('sm');
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
      <Title order={2}>{t('orders.title')}</Title>
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
          items={orders.data.items}
          lang={lang}
          phone={phone}
          holds={filter.holding}
          onOpen={setOpen}
        />
      )}
      {orders.data && orders.data.pagination.last_page > 1 && (
        <Group justify="center">
          <Pagination
            total={orders.data.pagination.last_page}
            value={filter.page}
            onChange={(p) => update({ page: String(p) })}
            size="sm"
          />
        </Group>
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
  items,
  lang,
  phone,
  holds,
  onOpen,
}: {
  items: StaffOrderRow[];
  lang: Lang;
  phone: boolean;
  /** The holds' view: until when each order holds its units, and its release. */
  holds: boolean;
  onOpen: (orderNo: string) => void;
}) {
  const { t } = useTranslation('staffshop');
  const number = (o: StaffOrderRow) => (
    <Button variant="subtle" size="compact-sm" px={phone ? 0 : undefined} onClick={() => onOpen(o.order_no)}>
      {o.order_no}
    </Button>
  );
  const total = (o: StaffOrderRow) => `฿${formatPoints(o.total_amount, lang)}`;
  const date = (o: StaffOrderRow) => formatDate(o.created_at, lang, 'dateTime');
  if (phone)
    return (
      <Stack gap="sm">
        {items.map((o) => (
          <Paper
            key={o.order_no}
            withBorder
            p="sm"
            radius="md"
            onClick={() => onOpen(o.order_no)}
            style={{ cursor: 'pointer' }}
            data-testid={`staff-order-${o.order_no}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {number(o)}
              <Text fw={600} size="sm">
                {total(o)}
              </Text>
            </Group>
            <Buyer order={o} />
            <Group gap="xs" mt={6} wrap="wrap">
              <Badge variant="light">{t(`labels.statuses.${o.status}`)}</Badge>
              <PaymentCell order={o} />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {date(o)}
            </Text>
            {o.hold && (
              <Group justify="space-between" align="flex-end" mt={6} wrap="nowrap">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('holds.until')}
                  </Text>
                  <HoldCell order={o} lang={lang} />
                </Stack>
                <ReleaseButton order={o} />
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={holds ? 980 : 760}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('labels.number')}</Table.Th>
            <Table.Th>{t('orders.buyer')}</Table.Th>
            <Table.Th>{t('labels.status')}</Table.Th>
            <Table.Th>{t('labels.paymentStatus')}</Table.Th>
            <Table.Th ta="right">{t('labels.total')}</Table.Th>
            <Table.Th>{t('labels.date')}</Table.Th>
            {holds && <Table.Th>{t('holds.until')}</Table.Th>}
            {holds && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr
              key={o.order_no}
              onClick={() => onOpen(o.order_no)}
              style={{ cursor: 'pointer' }}
              data-testid={`staff-order-${o.order_no}`}
            >
              <Table.Td>{number(o)}</Table.Td>
              <Table.Td>
                <Buyer order={o} />
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`labels.statuses.${o.status}`)}</Badge>
              </Table.Td>
              <Table.Td>
                <PaymentCell order={o} />
              </Table.Td>
              <Table.Td ta="right">{total(o)}</Table.Td>
              <Table.Td>{date(o)}</Table.Td>
              {holds && (
                <Table.Td>
                  <HoldCell order={o} lang={lang} />
                </Table.Td>
              )}
              {holds && (
                <Table.Td>
                  <ReleaseButton order={o} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
