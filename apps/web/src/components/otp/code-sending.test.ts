import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/http/errors';
import { isRefusal, shouldSendCode } from './code-sending';

const base = { length: 6, lastSent: null, pending: false, refused: false };

describe('shouldSendCode', () => {
  it('sends a complete code once, and nothing while one is on its way or incomplete', () => {
    expect(shouldSendCode({ ...base, value: '123456' })).toBe(true);
    expect(shouldSendCode({ ...base, value: '12345' })).toBe(false);
    expect(shouldSendCode({ ...base, value: '123456', lastSent: '123456', pending: true })).toBe(false);
  });

  it('does not send a refused code again (it would count another try), but does send a changed one', () => {
    expect(shouldSendCode({ ...base, value: '123456', lastSent: '123456', refused: true })).toBe(false);
    expect(shouldSendCode({ ...base, value: '123457', lastSent: '123456', refused: true })).toBe(true);
  });

  it('sends the same code again when the last try got no verdict', () => {
    expect(shouldSendCode({ ...base, value: '123456', lastSent: '123456', refused: false })).toBe(true);
  });
});

describe('isRefusal', () => {
  it('takes a 4xx answer for a verdict, not a lost connection, a server fault or a rate limit', () => {
    expect(isRefusal(new ApiError(422, 422, 'x', 'INVALID_VERIFY_CODE', {}))).toBe(true);
    expect(isRefusal(new ApiError(404, 404, 'x', undefined, {}))).toBe(true);
    expect(isRefusal(new ApiError(429, 429, 'x', undefined, {}))).toBe(false);
    expect(isRefusal(new ApiError(503, 503, 'x', undefined, {}))).toBe(false);
    expect(isRefusal(new NetworkError('unreachable'))).toBe(false);
    expect(isRefusal(null)).toBe(false);
  });
});
