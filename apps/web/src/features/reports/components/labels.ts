import { useTranslation } from 'react-i18next';
import '../reports-namespace';

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
