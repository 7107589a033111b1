import { describe, expect, it } from 'vitest';
import { registerBody, updateMeBody, updateUserBody } from '../src/identity';
import { INT32_MAX, bigintId, bigintIdParam, int32Id, int32IdParam } from '../src/ids';
import { MSG } from '../src/messages';
import { kycRejectBody } from '../src/kyc';
import { manageMemberBody, memberSyncBody, placementBody } from '../src/network';
import { addressBody, bankAccountBody, documentFields } from '../src/profile';
import { cleanText, personName, stripInvisible } from '../src/text';

const ZWSP = '\u200b';
const RLO = '\u202e';
const INVISIBLE = ['\u00ad', '\u061c', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u202b'];
INVISIBLE.push('\u202c', '\u202d', '\u202e', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff');

describe('invisible characters', () => {
  it('when a text holds bidirectional or zero-width characters then they are stripped', () => {
    expect(stripInvisible(`a${INVISIBLE.join('')}b`)).toBe('ab');
    expect(cleanText().parse(` ${ZWSP}สม${RLO}ชาย${ZWSP} `)).toBe('สมชาย');
  });

  it('when a text holds tabs, new lines or ordinary accents then they stay', () => {
    expect(stripInvisible('line one\nline\ttwo')).toBe('line one\nline\ttwo');
    expect(stripInvisible('Zoë สมศักดิ์')).toBe('Zoë สมศักดิ์');
  });

  it('when a name is only zero-width spaces then it is required', () => {
    const r = personName().safeParse(ZWSP.repeat(5));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([MSG.required]);
  });

  it('when a name has no letter then it is refused', () => {
    for (const raw of ['123', '---', '💥']) {
      const r = personName().safeParse(raw);
      expect(r.success, raw).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.nameNeedsLetter);
    }
  });

  it('when a name is counted for its length then the invisible characters do not count', () => {
    expect(personName(5).safeParse(`ab${ZWSP.repeat(10)}cd`).success).toBe(true);
    expect(personName(5).parse(`ab${ZWSP.repeat(10)}cd`)).toBe('abcd');
  });

  it('when a name carries a right-to-left override then every name field stores it without', () => {
    const name = `Som${RLO}chai`;
    const registration = {
      first_name: name,
      last_name: name,
      email: 'a@example.com',
      mobile: '0812345678',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      gender: 'male',
      ref_uuid: 'DEMO2026',
      accept_terms: true,
      accept_privacy: true,
    };
    const reg = registerBody.parse(registration);
    expect([reg.first_name, reg.last_name]).toEqual(['Somchai', 'Somchai']);
    expect(updateMeBody.parse({ first_name: name }).first_name).toBe('Somchai');
    expect(updateUserBody.parse({ last_name: name }).last_name).toBe('Somchai');
    expect(memberSyncBody.parse({ first_name: name }).first_name).toBe('Somchai');
    expect(
      bankAccountBody.parse({ code: 'kbank', account_name: name, account_no: '1234567890', type: 'savings' })
        .account_name,
    ).toBe('Somchai');
  });

  it('when an address or a document title carries invisible characters then they are stripped', () => {
    const a = addressBody.parse({
      type: 'home',
      number: `${ZWSP}12/3`,
      building: `${RLO}${ZWSP}`,
      street: `Sukhumvit${RLO}`,
      subdistrict_name: `x${ZWSP}y`,
    });
    expect([a.number, a.building, a.street, a.subdistrict_name]).toEqual(['12/3', null, 'Sukhumvit', 'xy']);
    const d = documentFields.parse({ type: 'other', title: `ID${RLO}gnp.exe`, description: 'front\nback' });
    expect([d.title, d.description]).toEqual(['IDgnp.exe', 'front\nback']);
    expect(manageMemberBody.parse({ user_id: 1, business_title: `Gold${ZWSP}` }).business_title).toBe('Gold');
    expect(kycRejectBody.parse({ target: 'bank', reason: `blurry${RLO}` }).reason).toBe('blurry');
  });
});

describe('ids', () => {
  it('when an id fits its column then it is accepted', () => {
    expect(int32Id.parse(INT32_MAX)).toBe(INT32_MAX);
    expect(int32IdParam.parse(String(INT32_MAX))).toBe(INT32_MAX);
    expect(bigintId.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(bigintIdParam.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('when an id is beyond its column then it is refused', () => {
    expect(int32Id.safeParse(INT32_MAX + 1).success).toBe(false);
    expect(int32IdParam.safeParse('2147483648').success).toBe(false);
    expect(bigintIdParam.safeParse('9999999999999999999').success).toBe(false);
    expect(bigintId.safeParse(2 ** 53).success).toBe(false);
    for (const bad of [0, -1, 1.5]) expect(int32Id.safeParse(bad).success).toBe(false);
  });

  it('when a body names a place or a member beyond the range then the schema refuses it', () => {
    for (const field of ['province_id', 'district_id', 'subdistrict_id', 'country_id']) {
      const r = addressBody.safeParse({ type: 'home', number: '1', [field]: 2147483648 });
      expect(r.success, field).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual([field]);
    }
    expect(
      placementBody.safeParse({
        member_id: '9999999999999999999',
        upline_member_id: 1,
        position: 'left',
        confirm: true,
      }).success,
    ).toBe(false);
  });
});
