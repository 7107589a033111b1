import type { CycleDetail } from '@portal/contracts/reports';
import { reportCall } from './call';

/** GET report/cycle_transaction/{date}: one closing's qualification, split and payout. */
export const cycleDetail = (date: string) => reportCall<CycleDetail>(`report/cycle_transaction/${date}`);
export const useCycleDetail = (date: string) => cycleDetail(date).use({});
