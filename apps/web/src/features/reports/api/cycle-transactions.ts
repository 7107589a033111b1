import type { Page } from '@portal/contracts/paging';
import type { CycleRow } from '@portal/contracts/reports';
import { reportList } from './call';

/** GET report/cycle_transaction: the closings of a range (cycles, points, bonus), 10 a page. */
export const cycleTransactions = reportList<Page<CycleRow>>('report/cycle_transaction');
