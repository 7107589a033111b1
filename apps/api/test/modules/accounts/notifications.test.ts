import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contracts/identity';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, expectIso, row } from '../../helpers/expect';
import { login, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let mine: { id: number; token: string };
let theirs: { id: number; token: string };
const ids: Record<string, number> = {};

async function insertNotice(userId: number, title: string, minutesAgo: number): Promise<number> {
  const { rows } = await t.database.pool.query<{ id: number }>(
    `insert into notifications (user_id, kind, title, title_th, body, body_th, created_at)
     values ($1, 'info', $2, $2, 'body', 'เนื้อหา', now() - make_interval(mins => $3)) returning id`,
    [userId, title, minutesAgo],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedSponsor(t.database.db);
  const b = await seedSponsor(t.database.db);
  mine = { id: a.user.id, token: (await login(t.app, a.user.email)).access_token };
  theirs = { id: b.user.id, token: (await login(t.app, b.user.email)).access_token };
  // inserted out of order on purpose: the list must sort by time, not by id
  ids.middle = await insertNotice(mine.id, 'middle', 30);
  ids.newest = await insertNotice(mine.id, 'newest', 1);
  ids.oldest = await insertNotice(mine.id, 'oldest', 90);
  ids.foreign = await insertNotice(theirs.id, 'foreign', 5);
});
afterAll(() => t.close());

const list = (token: string, query = '') =>
  call(t.app, 'GET', `/member/v1/me/notifications${query}`, { token });
const unread = async (token: string) =>
  expectData<{ count: number }>(
    await call(t.app, 'GET', '/member/v1/me/notifications/unread-count', { token }),
  ).count;
const markRead = (token: string, id: number | string) =>
  call(t.app, 'POST', `/member/v1/me/notifications/${id}/read`, { token });

describe('notifications', () => {
  it('when a member lists notifications then they see only their own, newest first, with pagination', async () => {
    const page1 = expectData(await list(mine.token, '?page=1&per_page=2'));
    expect(page1.pagination).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(page1.items.map((n: Notification) => n.title)).toEqual(['newest', 'middle']);
    const page2 = expectData(await list(mine.token, '?page=2&per_page=2'));
    expect(page2.items.map((n: Notification) => n.title)).toEqual(['oldest']);
    const item = page1.items[0] as Notification;
    expect(item).toMatchObject({
      id: ids.newest,
      kind: 'info',
      title_th: 'newest',
      body_th: 'เนื้อหา',
      read_at: null,
    });
    expectIso(item.created_at);
  });

  it('when no token is sent then the list is 401', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/me/notifications'), 401, 'UNAUTHENTICATED');
  });

  it('when a member marks one read then the unread count drops by one and read_at is an ISO time', async () => {
    expect(await unread(mine.token)).toBe(3);
    expect(expectData(await markRead(mine.token, ids.middle!))).toBeNull();
    expect(await unread(mine.token)).toBe(2);
    const items = expectData(await list(mine.token)).items as Notification[];
    const middle = items.find((n) => n.id === ids.middle)!;
    expectIso(middle.read_at);
    expect(items.find((n) => n.id === ids.newest)!.read_at).toBeNull();
  });

  it("when a member marks another member's notification read then the answer is 404 and it stays unread", async () => {
    expectError(await markRead(mine.token, ids.foreign!), 404, 'NOT_FOUND');
    const stored = await row<{ read_at: Date | null }>(t, 'select read_at from notifications where id = $1', [
      ids.foreign,
    ]);
    expect(stored?.read_at).toBeNull();
    expect(await unread(theirs.token)).toBe(1);
  });

  it('when the notification id does not exist or is not a number then the answer is an error envelope', async () => {
    expectError(await markRead(mine.token, 999999), 404, 'NOT_FOUND');
    expectError(await markRead(mine.token, 'abc'), 422, 'VALIDATION_ERROR');
  });

  it('when a member marks all read then their count is 0 and the other member is untouched', async () => {
    expect(
      expectData(await call(t.app, 'POST', '/member/v1/me/notifications/read-all', { token: mine.token })),
    ).toBeNull();
    expect(await unread(mine.token)).toBe(0);
    expect(await unread(theirs.token)).toBe(1);
    expect(
      await count(t, 'select count(*) n from notifications where user_id = $1 and read_at is null', [
        theirs.id,
      ]),
    ).toBe(1);
  });
});
