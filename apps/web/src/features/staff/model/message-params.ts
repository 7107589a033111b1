import { MESSAGE_CHANNELS, MESSAGE_STATES } from '@portal/contracts/outbox';

/** The messages page's filters, as the address bar holds them (?state=&channel=&q=&page=). */
export interface MessageParams {
  /** '' for every state, else one state. */
  state: string;
  /** '' for both channels, else sms or email. */
  channel: string;
  q: string;
  page: number;
}

const STATES = new Set<string>(MESSAGE_STATES);
const CHANNELS = new Set<string>(MESSAGE_CHANNELS);

/** The filters from the address bar; anything unknown falls back to the default. */
export function parseMessageParams(params: URLSearchParams): MessageParams {
  const state = params.get('state') ?? '';
  const channel = params.get('channel') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    state: STATES.has(state) ? state : '',
    channel: CHANNELS.has(channel) ? channel : '',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The filters back into the address bar, leaving the defaults out. */
export function messageSearch(p: MessageParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.state) out.state = p.state;
  if (p.channel) out.channel = p.channel;
  if (p.q) out.q = p.q;
  if (p.page > 1) out.page = String(p.page);
  return out;
}
