import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { MemberDocument } from '@portal/contracts/profile';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectError, expectData, makeStaff } from '../../helpers/expect';
import { login, register, seedSponsor } from '../../helpers/fixtures';
import { completeKyc, memberWithToken } from '../../helpers/profile';

/** GET /member/v1/me/export (issue 22, item 5; PDPA section 30; decision 044). */
let t: TestApp;
let m: { token: string; user: { id: number; email: string; firstName: string; lastName: string } };
let other: Awaited<ReturnType<typeof memberWithToken>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  const sponsor = await seedSponsor(t.database.db);
  const { user, body } = await register(t.app, sponsor.user.invitationCode, {
    first_name: 'ส่งออก',
    last_name: 'ข้อมูล',
  });
  const session = await login(t.app, body.email);
  m = {
    token: session.access_token,
    user: { id: user.id, email: body.email, firstName: 'ส่งออก', lastName: 'ข้อมูล' },
  };
  await completeKyc(t, m);
  other = await memberWithToken(t);
  await completeKyc(t, other);
  const staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  const staffToken = (await login(t.app, staff.user.email)).access_token;
  const member = await t.database.pool.query('select id from members where user_id = $1', [m.user.id]);
  expectData(await call(t.app, 'GET', `/staff/v1/kyc/${member.rows[0].id}`, { token: staffToken }));
}, 120_000);
afterAll(() => t.close());

const exportOf = (token: string) => call(t.app, 'GET', '/member/v1/me/export', { token });
const jsonIn = async (zip: JSZip, name: string) => JSON.parse(await zip.file(name)!.async('string'));

describe('a member downloads a copy of their data', () => {
  it('when the member asks then one zip holds their records in JSON and their uploaded files, byte for byte', async () => {
    const res = await exportOf(m.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-M\d+-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = await JSZip.loadAsync(res.rawPayload);

    const account = await jsonIn(zip, 'account.json');
    expect(account).toMatchObject({
      id: m.user.id,
      email: m.user.email,
      first_name: 'ส่งออก',
      birthday: '1990-05-01',
    });
    expect(account.identity_value).toMatch(/^\d{13}$/);
    expect(account).not.toHaveProperty('password_hash');
    expect((await jsonIn(zip, 'membership.json')).member_code).toMatch(/^M\d+$/);
    expect(await jsonIn(zip, 'addresses.json')).toEqual([
      expect.objectContaining({ type: 'home', number: '99/1' }),
    ]);
    // Their own bank account in full: it is their data.
    expect(await jsonIn(zip, 'bank_accounts.json')).toEqual([
      expect.objectContaining({ account_no: '1234567890' }),
    ]);
    const consents = await jsonIn(zip, 'consents.json');
    expect(consents.map((c: { document: string }) => c.document).sort()).toEqual(['privacy', 'terms']);
    const sessions = await jsonIn(zip, 'sessions.json');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions[0]).not.toHaveProperty('token_hash');
    const views = await jsonIn(zip, 'document_views.json');
    expect(views).toHaveLength(2);
    expect(views.every((v: { action: string }) => v.action === 'case')).toBe(true);
    for (const name of [
      'kyc.json',
      'kyc_history.json',
      'orders.json',
      'income_lines.json',
      'payouts.json',
      'notifications.json',
      'devices.json',
      'closure_requests.json',
      'tax_documents.json',
      'README.txt',
    ])
      expect(zip.file(name), name).not.toBeNull();

    const documents = await jsonIn(zip, 'documents.json');
    expect(documents).toHaveLength(2);
    expect(documents[0]).not.toHaveProperty('storage_key');
    const listed = expectData<Page<MemberDocument>>(
      await call(t.app, 'GET', '/member/v1/me/documents', { token: m.token }),
    ).items;
    for (const d of listed) {
      const entry = Object.keys(zip.files).find((n) => n.startsWith(`files/documents/${d.id}-`));
      expect(entry, `file of document ${d.id}`).toBeDefined();
      const own = await call(t.app, 'GET', `/member/v1/me/documents/${d.id}/file`, { token: m.token });
      expect(Buffer.compare(await zip.file(entry!)!.async('nodebuffer'), own.rawPayload)).toBe(0);
    }
    // Nothing of another member.
    const text = (await Promise.all(Object.values(zip.files).map((f) => f.async('string')))).join('\n');
    expect(text).not.toContain(other.user.email);
  });

  it('when the member asks too often then the answer is 429', async () => {
    for (let i = 0; i < 4; i++) expect((await exportOf(other.token)).statusCode).toBe(200);
    expect((await exportOf(other.token)).statusCode).toBe(200);
    expectError(await exportOf(other.token), 429, 'RATE_LIMITED');
    // Another member's budget is their own.
    expect((await exportOf(m.token)).statusCode).toBe(200);
  });

  it('when no one signed in then there is no copy', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/me/export', {}), 401, 'UNAUTHENTICATED');
  });
});
