import { describe, expect, it } from 'vitest';
import { messageSearch, parseMessageParams } from './message-params';

describe('the messages page address', () => {
  it('reads the state, channel, search and page, and writes back only what is not the default', () => {
    const p = parseMessageParams(new URLSearchParams('state=failed&channel=sms&q=%200812%20&page=3'));
    expect(p).toEqual({ state: 'failed', channel: 'sms', q: '0812', page: 3 });
    expect(messageSearch(p)).toEqual({ state: 'failed', channel: 'sms', q: '0812', page: '3' });
    expect(messageSearch({ state: '', channel: '', q: '', page: 1 })).toEqual({});
  });

  it('falls back to every message on page one for an unknown state, channel or page', () => {
    expect(parseMessageParams(new URLSearchParams('state=lost&channel=fax&page=-2'))).toEqual({
      state: '',
      channel: '',
      q: '',
      page: 1,
    });
  });
});
