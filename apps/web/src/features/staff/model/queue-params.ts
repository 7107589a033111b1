import { KYC_STATUSES } from '@portal/contracts/kyc';

export interface QueueParams {
  /** 'queue' (waiting and in review, the default), 'all' or one KYC status */
  status: string;
  q: string;
  page: number;
}

const STATUSES = new Set<string>(['queue', 'all', ...KYC_STATUSES]);

/** The queue's filters from the address bar; anything unknown falls back to the default. */
export function parseQueueParams(params: URLSearchParams): QueueParams {
  const status = params.get('status') ?? 'queue';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    status: STATUSES.has(status) ? status : 'queue',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The filters back into the address bar, leaving the defaults out. */
export function queueSearch(p: QueueParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.status !== 'queue') out.status = p.status;
  if (p.q) out.q = p.q;
  if (p.page > 1) out.page = String(p.page);
  return out;
}
