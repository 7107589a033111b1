import { useQuery } from '@tanstack/react-query';
import type { TravelPoint } from '@portal/contracts/travel-report';
import { bangkokToday } from '../model/today';
import { reportCall, type ReportQuery } from './call';

/** GET report/travel_point: the travel campaign's points (of a range), and today's business date. */
export const travelPoint = reportCall<TravelPoint, ReportQuery>('report/travel_point');
export const useTravelPoint = travelPoint.use;

/**
 * Today on the business clock (the demo's clock may run ahead of the wall clock): report/travel_point
 * answers it; until it has, Bangkok's calendar day.
 */
export function useBusinessToday(): { today: string; ready: boolean } {
  const travel = useQuery({ ...travelPoint.query({}), staleTime: 60_000 });
  return { today: travel.data?.business_date ?? bangkokToday(), ready: !travel.isPending };
}
