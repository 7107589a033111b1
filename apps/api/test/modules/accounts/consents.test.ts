import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/contracts/identity';
import { LEGAL_DOCUMENTS, type ConsentState } from '@portal/contracts/privacy';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso } from '../../helpers/expect';
import { login, register, registration, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let sponsor: Awaited<ReturnType<typeof seedSponsor>>;
beforeAll(async () => {
  t = await createTestApp();
  sponsor = await seedSponsor(t.database.db);
});
afterAll(() => t.close());

const consentRows = (userId: number) =>
  t.database.pool
    .query<{ document: string; version: string; accepted_at: Date; ip: string | null; source: string }>(
      'select document, version, accepted_at, ip, source from consents where user_id = $1 order by document, id',
      [userId],
    )
    .then((r) => r.rows);

describe('consent at registration (issue 22, item 5; decision 045)', () => {
  it('when a visitor registers then the terms and the privacy notice in force are recorded with the time and address', async () => {
    const before = Date.now();
    const body = registration(sponsor.user.invitationCode);
    const res = await call(t.app, 'POST', '/member/v1/users', {
      token: await appToken(t.app),
      body,
    });
    const user = expectData<User>(res, 201);
    const rows = await consentRows(user.id);
    expect(rows.map((r) => [r.document, r.version, r.source])).toEqual([
      ['privacy', LEGAL_DOCUMENTS.privacy.version, 'registration'],
      ['terms', LEGAL_DOCUMENTS.terms.version, 'registration'],
    ]);
    for (const r of rows) {
      expect(r.accepted_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(r.ip).toBe('127.0.0.1'); // the test's injected request
    }
  });

  it('when accept_privacy is missing or false then the answer is 422 on accept_privacy and nothing is created', async () => {
    const { accept_privacy: _omit, ...missing } = registration(sponsor.user.invitationCode);
    const falseBody = registration(sponsor.user.invitationCode, { accept_privacy: false });
    for (const body of [missing, falseBody]) {
      const res = await call(t.app, 'POST', '/member/v1/users', { token: await appToken(t.app), body });
      const status = expectError(res, 422, 'VALIDATION_ERROR');
      expect(status.errors?.accept_privacy).toEqual(['You must accept the privacy notice']);
      expect(await count(t, 'select count(*) n from users where email = $1', [body.email])).toBe(0);
    }
    expect(
      await count(
        t,
        'select count(*) n from consents c join users u on u.id = c.user_id where u.email = $1',
        [missing.email],
      ),
    ).toBe(0);
  });
});

describe('GET/POST /member/v1/me/consents', () => {
  it('when a member registered today then nothing is due', async () => {
    const { body } = await register(t.app, sponsor.user.invitationCode);
    const { access_token } = await login(t.app, body.email);
    const states = expectData<ConsentState[]>(
      await call(t.app, 'GET', '/member/v1/me/consents', { token: access_token }),
    );
    expect(states.map((s) => [s.document, s.version, s.accepted_version, s.due])).toEqual([
      ['terms', LEGAL_DOCUMENTS.terms.version, LEGAL_DOCUMENTS.terms.version, false],
      ['privacy', LEGAL_DOCUMENTS.privacy.version, LEGAL_DOCUMENTS.privacy.version, false],
    ]);
    expectIso(states[0]!.accepted_at);
  });

  it('when a member registered before consents were recorded then both are due, and accepting records each once', async () => {
    // The sponsor was created straight in the database, as every member before this change.
    const { access_token } = await login(t.app, sponsor.user.email);
    const get = () => call(t.app, 'GET', '/member/v1/me/consents', { token: access_token });
    expect(expectData<ConsentState[]>(await get()).map((s) => s.due)).toEqual([true, true]);

    const accept = (document: string, version: string) =>
      call(t.app, 'POST', '/member/v1/me/consents', { token: access_token, body: { document, version } });
    const after = expectData<ConsentState[]>(await accept('privacy', LEGAL_DOCUMENTS.privacy.version));
    expect(after.map((s) => [s.document, s.due])).toEqual([
      ['terms', true],
      ['privacy', false],
    ]);
    expectData(await accept('privacy', LEGAL_DOCUMENTS.privacy.version));
    expectData(await accept('terms', LEGAL_DOCUMENTS.terms.version));
    const rows = await consentRows(sponsor.user.id);
    expect(rows.map((r) => [r.document, r.source])).toEqual([
      ['privacy', 'sign-in'],
      ['terms', 'sign-in'],
    ]);
    expect(expectData<ConsentState[]>(await get()).map((s) => s.due)).toEqual([false, false]);
  });

  it('when the version is not the one in force then the answer is 422 and nothing is recorded', async () => {
    const { user, body } = await register(t.app, sponsor.user.invitationCode);
    const { access_token } = await login(t.app, body.email);
    const before = await consentRows(user.id);
    const status = expectError(
      await call(t.app, 'POST', '/member/v1/me/consents', {
        token: access_token,
        body: { document: 'privacy', version: '1' },
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.version).toBeDefined();
    expectError(
      await call(t.app, 'POST', '/member/v1/me/consents', {
        token: access_token,
        body: { document: 'cookies', version: '1' },
      }),
      422,
      'VALIDATION_ERROR',
    );
    expect(await consentRows(user.id)).toEqual(before);
  });

  it('when no one signed in then the consents are not shown', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/me/consents', {}), 401, 'UNAUTHENTICATED');
  });
});
