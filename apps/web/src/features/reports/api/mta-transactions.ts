import type { Page } from '@portal/contracts/paging';
import type { MtaRow } from '@portal/contracts/income-reports';
import { reportList } from './call';

/** GET report/mta_transaction: the MTA bonus lines of a range, 10 a page. */
export const mtaTransactions = reportList<Page<MtaRow>>('report/mta_transaction');
