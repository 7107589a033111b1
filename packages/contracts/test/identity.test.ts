import { describe, expect, it } from 'vitest';
import { identifierSchema, isSuspended, loginBody, normaliseMobile, registerBody } from '../src/identity';
import { MSG } from '../src/messages';

describe('normaliseMobile', () => {
  it('when a Thai mobile is written in any common way then it becomes one 10-digit number', () => {
    for (const raw of [
      '0812345678',
      '+66812345678',
      '66812345678',
      '081-234-5678',
      '081 234 5678',
      '(081) 234-5678',
    ]) {
      expect(normaliseMobile(raw)).toBe('0812345678');
    }
  });
  it('when the number is not a Thai mobile then it gives null', () => {
    for (const raw of ['021234567', '081234567', '08123456789', '+1 415 555 0100', 'abc', '']) {
      expect(normaliseMobile(raw)).toBeNull();
    }
  });
});

describe('sign-in identifier', () => {
  it('when it is an e-mail or exactly ten digits then it is accepted', () => {
    expect(identifierSchema.safeParse('someone@example.com').success).toBe(true);
    expect(identifierSchema.safeParse('0812345678').success).toBe(true);
  });
  it("when it is anything else then the message is the specification's", () => {
    for (const raw of ['abc', '081234567', '08123456789', '081-234-5678', 'a@', '']) {
      const r = loginBody.safeParse({ username: raw, password: 'x' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.identifier);
    }
  });
});

describe('registration payload', () => {
  const valid = {
    first_name: 'สมหญิง',
    last_name: 'ทดสอบ',
    email: 'Someone@Example.com',
    mobile: '+66812345678',
    password: 'long-enough-1',
    password_confirmation: 'long-enough-1',
    gender: 'female',
    ref_uuid: 'DEMO2026',
    accept_terms: true,
    accept_privacy: true,
  };
  it('when it is complete then e-mail is lower-cased and the mobile normalised', () => {
    const r = registerBody.parse(valid);
    expect(r.email).toBe('someone@example.com');
    expect(r.mobile).toBe('0812345678');
    expect(r.country_id).toBe(764);
  });
  it('when the terms are not accepted then it is refused', () => {
    const r = registerBody.safeParse({ ...valid, accept_terms: false });
    expect(r.error?.issues.map((i) => i.message)).toContain(MSG.termsRequired);
  });
  it('when the confirmation differs then the error is on password_confirmation', () => {
    const r = registerBody.safeParse({ ...valid, password_confirmation: 'other-password' });
    expect(r.error?.issues[0]?.path).toEqual(['password_confirmation']);
  });
  it('when a field the member may not set is sent then it is refused', () => {
    expect(registerBody.safeParse({ ...valid, type: 'admin' }).success).toBe(false);
    expect(registerBody.safeParse({ ...valid, is_verifies_identity: true }).success).toBe(false);
  });
});

describe('isSuspended', () => {
  it('when the first entry is active or done then the member is suspended', () => {
    expect(isSuspended([{ status: 'active' }, { status: 'warning' }])).toBe(true);
    expect(isSuspended([{ status: 'done' }])).toBe(true);
  });
  it('when the first entry is a warning or cancelled, or there is none, then not', () => {
    expect(isSuspended([{ status: 'warning' }, { status: 'active' }])).toBe(false);
    expect(isSuspended([{ status: 'cancelled' }, { status: 'active' }])).toBe(false);
    expect(isSuspended([])).toBe(false);
    expect(isSuspended(undefined)).toBe(false);
  });
});
