import type { Page } from '@portal/contracts/paging';
import type { DropshipIncome } from '@portal/contracts/shop';
import { reportList } from './call';

/** GET dropship_income (staff only): every member's community-shop income, newest first. */
export const staffDropshipIncome = reportList<Page<DropshipIncome>>('dropship_income');
