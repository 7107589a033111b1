import type { Page } from '@portal/contracts/paging';
import type { DropshipRow } from '@portal/contracts/income-reports';
import { reportList } from './call';

/** GET report/dropship_income_list: the community shop's income lines of a range, 10 a page. */
export const dropshipLines = reportList<Page<DropshipRow>>('report/dropship_income_list');
