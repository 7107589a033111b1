import { describe, expect, it } from 'vitest';
import { hasCookie } from './session-hint';

describe('hasCookie', () => {
  it('finds the cookie among others, whatever its place', () => {
    expect(hasCookie('portal_signed_in=1', 'portal_signed_in')).toBe(true);
    expect(hasCookie('lang=th; portal_signed_in=1; theme=dark', 'portal_signed_in')).toBe(true);
  });

  it('does not take an empty, missing or similarly named cookie for it', () => {
    expect(hasCookie('', 'portal_signed_in')).toBe(false);
    expect(hasCookie('portal_signed_in=', 'portal_signed_in')).toBe(false);
    expect(hasCookie('x_portal_signed_in=1; portal_signed_in_old=1', 'portal_signed_in')).toBe(false);
  });
});
