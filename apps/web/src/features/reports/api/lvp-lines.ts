import type { LvpPage } from '@portal/contracts/reports';
import { reportList } from './call';

/** GET report/point_lvp: the LVP balance's lines of a range, with its opening and closing. */
export const lvpLines = reportList<LvpPage>('report/point_lvp');
