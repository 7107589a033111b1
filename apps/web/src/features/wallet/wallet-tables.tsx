import { Anchor, Badge, Stack, Text, Title, type TextProps } from '@mantine/core';
import type { WalletLine, WalletPayout } from '@portal/contracts/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { bankNameOfCode } from '../../lib/banks';
import { paths } from '../../lib/paths';
import { useWalletLines, useWalletPayouts } from './api';
import { useFormat } from '../../lib/i18n/use-format';
import { WalletList } from './wallet-list';
import './wallet-namespace';

/** An amount in the reader's language, figures aligned (never a monospace face); negatives in red. */
export function Amount({ value, ...props }: { value: string } & TextProps) {
  const f = useFormat();
  return (
    <Text
      span
      size="sm"
      c={value.startsWith('-') ? 'red.8' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...props}
    >
      {f.money(value)}
    </Text>
  );
}

const STATE_COLORS: Record<WalletLine['state'], string> = { WAITING: 'yellow', PAID: 'teal', VOID: 'gray' };

/** Every payout that paid the member, with the account it went to. */
export function PayoutsTable() {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const [page, setPage] = useState(1);
  const payouts = useWalletPayouts(page);
  const money = (key: 'gross' | 'wht' | 'point_part') => (p: WalletPayout) => <Amount value={p[key]} />;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('payouts.title')}
      </Title>
      {payouts.isError ? (
        <ErrorAlert error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : (
        <WalletList<WalletPayout>
          testId="wallet-payouts"
          rowTestId="wallet-payout"
          page={page}
          onPage={setPage}
          data={payouts.data}
          fetching={payouts.isPending}
          empty={t('payouts.empty')}
          rowAttributes={(p) => ({ 'data-date': p.run_date })}
          columns={[
            { key: 'run_date', title: t('payouts.date'), render: (p) => f.day(p.run_date) },
            { key: 'lines', title: t('payouts.lines'), right: true, render: (p) => f.count(p.lines) },
            { key: 'gross', title: t('payouts.gross'), right: true, render: money('gross') },
            { key: 'wht', title: t('payouts.wht'), right: true, render: money('wht') },
            { key: 'point_part', title: t('payouts.pointPart'), right: true, render: money('point_part') },
            {
              key: 'net',
              title: t('payouts.net'),
              right: true,
              render: (p) => <Amount value={p.net} fw={600} />,
            },
            {
              key: 'account',
              title: t('payouts.account'),
              render: (p) =>
                p.account
                  ? `${bankNameOfCode(p.account.bank_code, f.lang)} ${p.account.account_no_masked}`
                  : '–',
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** Every income line of the member: type, state, amount, date, order and the report it belongs to. */
export function LinesTable() {
  const { t } = useTranslation('wallet');
  const { t: shell } = useTranslation('shell');
  const f = useFormat();
  const [page, setPage] = useState(1);
  const lines = useWalletLines(page);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('lines.title')}
      </Title>
      {lines.isError ? (
        <ErrorAlert error={lines.error} onRetry={() => void lines.refetch()} />
      ) : (
        <WalletList<WalletLine>
          testId="wallet-lines"
          rowTestId="wallet-line"
          page={page}
          onPage={setPage}
          data={lines.data}
          fetching={lines.isPending}
          empty={t('lines.empty')}
          rowAttributes={(r) => ({ 'data-state': r.state })}
          columns={[
            { key: 'income_date', title: t('lines.date'), render: (r) => f.day(r.income_date) },
            {
              key: 'type',
              title: t('lines.type'),
              // The type's name is its report's name in the menu.
              render: (r) => (
                <Anchor
                  component={Link}
                  to={paths.report[r.report].href()}
                  size="sm"
                  data-testid="wallet-line-report"
                >
                  {shell(`nav.reportItems.${r.report}`)}
                </Anchor>
              ),
            },
            {
              key: 'state',
              title: t('lines.state'),
              render: (r) => (
                <Stack gap={0} align="flex-start">
                  <Badge color={STATE_COLORS[r.state]} variant="light">
                    {t(`lines.states.${r.state}`)}
                  </Badge>
                  {(r.paid_on ?? r.voided_on) && (
                    <Text size="xs" c="dimmed">
                      {r.paid_on
                        ? t('lines.paidOn', { date: f.day(r.paid_on) })
                        : t('lines.voidedOn', { date: f.day(r.voided_on) })}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              key: 'amount',
              title: t('lines.amount'),
              right: true,
              render: (r) => (
                <Stack gap={0} align="flex-end">
                  <Amount value={r.amount} />
                  {r.correction && (
                    <Text size="xs" c="dimmed">
                      {t('lines.correction')}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { key: 'order_no', title: t('lines.order'), render: (r) => r.order_no ?? '–' },
          ]}
        />
      )}
    </Stack>
  );
}
