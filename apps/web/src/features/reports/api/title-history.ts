import type { TitleHistory } from '@portal/contracts/reports';
import { reportList } from './call';

/** GET report/business_title/history: the titles held, newest first, with the title now. */
export const titleHistory = reportList<TitleHistory>('report/business_title/history');
