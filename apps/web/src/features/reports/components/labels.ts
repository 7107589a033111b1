import { useTranslation } from 'react-i18next';
import '../reports-namespace';

const STATE_TONES: Record<string, string> = { WAITING: 'yellow', PAID: 'teal', VOID: 'gray' };
const ORDER_TONES: Record<string, string> = {
  pending_payment: 'yellow',
  paid: 'blue',
  packing: 'blue',
  shipped: 'blue',
  delivered: 'teal',
  canceled: 'gray',
};

/** A state badge's colour on a phone's compact row: an income line's state (waiting, paid, voided). */
export const stateTone = (s: string | null): string | undefined => (s ? STATE_TONES[s] : undefined);
/** The same for an order's status. */
export const orderTone = (s: string): string | undefined => ORDER_TONES[s];

/** The translated names of the API's codes (income state, order status, LVP type…). */
export function useLabels() {
  const { t } = useTranslation('reports');
  return {
    state: (s: string | null) =>
      s ? t(`codes.state.${s}` as 'codes.state.WAITING', { defaultValue: s }) : null,
    orderStatus: (s: string) => t(`codes.orderStatus.${s}` as 'codes.orderStatus.paid', { defaultValue: s }),
    payment: (s: string) => t(`codes.payment.${s}` as 'codes.payment.paid', { defaultValue: s }),
    orderType: (s: string) => t(`codes.orderType.${s}` as 'codes.orderType.PACKAGE', { defaultValue: s }),
    lvpType: (s: string) => t(`codes.lvpType.${s}` as 'codes.lvpType.INCREASE', { defaultValue: s }),
    pointKind: (s: string) => t(`codes.pointKind.${s}` as 'codes.pointKind.CYCLE', { defaultValue: s }),
    incomeType: (s: string) => t(`codes.incomeType.${s}` as 'codes.incomeType.CYCLE', { defaultValue: s }),
    reason: (s: string | null) =>
      s ? t(`codes.reason.${s}` as 'codes.reason.INACTIVE', { defaultValue: s }) : null,
    yesNo: (b: boolean) => (b ? t('codes.yes') : t('codes.no')),
  };
}
