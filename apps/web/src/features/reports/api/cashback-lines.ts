import type { Page } from '@portal/contracts/paging';
import type { CashbackRow } from '@portal/contracts/income-reports';
import { reportList } from './call';

/** GET report/cashback_list: the cashback lines of a range, 10 a page. */
export const cashbackLines = reportList<Page<CashbackRow>>('report/cashback_list');
