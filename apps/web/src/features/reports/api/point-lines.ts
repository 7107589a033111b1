import type { PointPage } from '@portal/contracts/reports';
import { reportList } from './call';

/** GET use_point_cycle/search: the point balance's lines of a range (earned, used, refunded). */
export const pointLines = reportList<PointPage>('use_point_cycle/search');
