import { describe, expect, it } from 'vitest';
import { parseQueueParams, queueSearch } from './queue-params';

describe('KYC queue filters in the address bar', () => {
  it('defaults to the review queue, first page, no search', () => {
    expect(parseQueueParams(new URLSearchParams())).toEqual({ status: 'queue', q: '', page: 1 });
  });

  it('reads a known status, a search and a page', () => {
    expect(parseQueueParams(new URLSearchParams('status=fail&q=%20somchai%20&page=3'))).toEqual({
      status: 'fail',
      q: 'somchai',
      page: 3,
    });
  });

  it('ignores an unknown status and a bad page', () => {
    expect(parseQueueParams(new URLSearchParams('status=drop&page=-2'))).toEqual({
      status: 'queue',
      q: '',
      page: 1,
    });
    expect(parseQueueParams(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes back only what differs from the defaults', () => {
    expect(queueSearch({ status: 'queue', q: '', page: 1 })).toEqual({});
    expect(queueSearch({ status: 'all', q: 'x', page: 2 })).toEqual({ status: 'all', q: 'x', page: '2' });
  });
});
