import type { Page } from '@portal/contracts/paging';
import type { ReferrerRow } from '@portal/contracts/income-reports';
import { reportList } from './call';

/** GET report/referrer_transaction: the referrer bonus lines of a range, 10 a page. */
export const referrerTransactions = reportList<Page<ReferrerRow>>('report/referrer_transaction');
