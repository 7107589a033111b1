import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { MemberDocument } from '@portal/contracts/profile';
import type { DocumentView } from '@portal/contracts/privacy';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, makeStaff } from '../../helpers/expect';
import { login } from '../../helpers/fixtures';
import { completeKyc, memberWithToken } from '../../helpers/profile';

let t: TestApp;
let staff: Awaited<ReturnType<typeof memberWithToken>>;
let m: Awaited<ReturnType<typeof memberWithToken>>;
let other: Awaited<ReturnType<typeof memberWithToken>>;
let docs: MemberDocument[];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  staff.token = (await login(t.app, staff.user.email)).access_token;
  m = await memberWithToken(t);
  other = await memberWithToken(t);
  await completeKyc(t, m);
  docs = expectData<Page<MemberDocument>>(
    await call(t.app, 'GET', '/member/v1/me/documents?per_page=10', { token: m.token }),
  ).items;
});
afterAll(() => t.close());

const views = (token: string, query = '') =>
  call(t.app, 'GET', `/member/v1/me/document-views${query}`, { token }).then((r) =>
    expectData<Page<DocumentView>>(r),
  );

describe('staff views of a member’s documents are logged (issue 22, item 5)', () => {
  it('when staff open the KYC case and download the ID card then the member sees who, when and which document', async () => {
    expect((await views(m.token)).pagination.total).toBe(0);
    const before = Date.now();
    expectData(await call(t.app, 'GET', `/staff/v1/kyc/${m.member.id}`, { token: staff.token }));
    const idCard = docs.find((d) => d.type === 'government_id')!;
    const file = await call(t.app, 'GET', `/staff/v1/documents/${idCard.id}/file`, { token: staff.token });
    expect(file.statusCode).toBe(200);

    const page = await views(m.token);
    expect(page.pagination.total).toBe(docs.length + 1);
    // Newest first: the download, then one line per document the case listed.
    expect(page.items[0]).toMatchObject({
      document_id: idCard.id,
      document_type: 'government_id',
      action: 'file',
      viewer: `${staff.user.firstName} ${staff.user.lastName[0]}.`,
    });
    expect(
      page.items
        .slice(1)
        .map((v) => [v.document_id, v.action])
        .sort(),
    ).toEqual(docs.map((d) => [d.id, 'case']).sort());
    for (const v of page.items) expect(Date.parse(v.viewed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(
      await count(t, 'select count(*) n from document_views where staff_user_id = $1', [staff.user.id]),
    ).toBe(docs.length + 1);
  });

  it('when the log is long then it comes in pages, and another member sees none of it', async () => {
    const page1 = await views(m.token, '?page=1&per_page=2');
    const page2 = await views(m.token, '?page=2&per_page=2');
    expect(page1.items).toHaveLength(2);
    expect(page1.pagination).toMatchObject({ page: 1, per_page: 2, total: docs.length + 1 });
    expect(page2.items[0]!.id).not.toBe(page1.items[1]!.id);
    expect((await views(other.token)).pagination.total).toBe(0);
  });

  it('when the member reads their own document or a staff call is refused then nothing is logged', async () => {
    const n = await count(t, 'select count(*) n from document_views');
    const own = await call(t.app, 'GET', `/member/v1/me/documents/${docs[0]!.id}/file`, { token: m.token });
    expect(own.statusCode).toBe(200);
    expectError(
      await call(t.app, 'GET', `/staff/v1/documents/${docs[0]!.id}/file`, { token: other.token }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(t.app, 'GET', '/staff/v1/documents/999999/file', { token: staff.token }),
      404,
      'NOT_FOUND_DOCUMENT',
    );
    expect(await count(t, 'select count(*) n from document_views')).toBe(n);
  });

  it('when no one signed in then the log is not shown', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/me/document-views', {}), 401, 'UNAUTHENTICATED');
  });
});
