import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { User } from '@portal/contracts/identity';
import type { UserAvatar } from '@portal/contracts/profile';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError, row } from '../../helpers/expect';
import { memberWithToken, storedFiles } from '../../helpers/profile';

const AVATAR_MAX = 256 * 1024;
let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000', AVATAR_MAX_BYTES: String(AVATAR_MAX) });
  member = await memberWithToken(t);
});
afterAll(() => t.close());

const putAvatar = (token: string, avatar_base64: string | null, extra: Record<string, unknown> = {}) =>
  call(t.app, 'PUT', '/member/v1/me', { token, body: { avatar_base64, ...extra } });
/** An <img> request: no app key, no token. */
const fetchImage = (url: string) => call(t.app, 'GET', url, { appKey: null });
const userRow = () => row(t, 'select * from users where id = $1', [member.user.id]);

/** A 1600×1200 photo with EXIF (camera, GPS-like comment) and an orientation flag, as a phone makes it. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a5a3c' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhone', Model: 'X1', Copyright: 'owner home address' } })
    .toBuffer();

describe('the avatar round trip', () => {
  let user: User;
  it('when a member uploads a photo as a data URL then the answer has original and thumbnail URLs', async () => {
    const data = await photo();
    expect((await sharp(data).metadata()).exif).toBeDefined();
    user = expectData<User>(
      await putAvatar(member.token, `data:image/jpeg;base64,${data.toString('base64')}`, { language: 'en' }),
    );
    expect(user.language).toBe('en');
    expect(user.images.avatar.original).toMatch(/^\/member\/v1\/avatars\/[0-9a-f-]{36}-original\.jpg$/);
    expect(user.images.avatar.thumbnail).toMatch(/^\/member\/v1\/avatars\/[0-9a-f-]{36}-thumbnail\.jpg$/);
  });

  it('when the thumbnail is fetched like an <img> (no app key, no token) then it is a 128 px JPEG without metadata', async () => {
    const res = await fetchImage(user.images.avatar.thumbnail!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 128, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('SecretPhone'))).toBe(false);
  });

  it('when the original is fetched then it fits in 1024 px, keeps its shape and has no metadata', async () => {
    const res = await fetchImage(user.images.avatar.original!);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
  });

  it('when thumbnails are asked for by user ids then the known users come back in order', async () => {
    const other = await memberWithToken(t);
    const items = expectData<UserAvatar[]>(
      await call(t.app, 'GET', `/member/v1/user-avatars?ids=${other.user.id},${member.user.id},999999`, {
        token: await appToken(t.app),
      }),
    );
    expect(items).toEqual([
      { user_id: other.user.id, thumbnail: null, original: null },
      {
        user_id: member.user.id,
        thumbnail: user.images.avatar.thumbnail,
        original: user.images.avatar.original,
      },
    ]);
    expectError(
      await call(t.app, 'GET', '/member/v1/user-avatars?ids=1,abc', { token: await appToken(t.app) }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when a transparent PNG replaces the avatar then it stays PNG and the old files are removed', async () => {
    const data = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const next = expectData<User>(await putAvatar(member.token, data.toString('base64')));
    expect(next.images.avatar.thumbnail).toMatch(/-thumbnail\.png$/);
    expect((await fetchImage(user.images.avatar.thumbnail!)).statusCode).toBe(404);
    expect((await fetchImage(user.images.avatar.original!)).statusCode).toBe(404);
    const thumb = await sharp((await fetchImage(next.images.avatar.thumbnail!)).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'png', width: 128, height: 128, hasAlpha: true });
    expect(storedFiles(t).filter((f) => f.includes('avatars'))).toHaveLength(2);
    user = next;
  });

  it('when the avatar is set to null then it is removed with its files', async () => {
    const cleared = expectData<User>(await putAvatar(member.token, null));
    expect(cleared.images.avatar).toEqual({ original: null, thumbnail: null });
    expect(storedFiles(t).filter((f) => f.includes('avatars'))).toHaveLength(0);
  });
});

describe('avatars that are refused', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const cases: [string, () => Promise<string> | string, string][] = [
    ['text that is not base64', () => 'not base64 at all!', 'UNSUPPORTED_MEDIA_TYPE'],
    ['an SVG', () => `data:image/svg+xml;base64,${svg.toString('base64')}`, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a PDF', () => Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'), 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'HTML claiming to be a PNG',
      () => `data:image/png;base64,${Buffer.from('<html><script>x</script></html>').toString('base64')}`,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a truncated PNG',
      async () =>
        (
          await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
            .png()
            .toBuffer()
        )
          .subarray(0, 60)
          .toString('base64'),
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a picture over the size limit',
      async () =>
        Buffer.concat([
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
          Buffer.alloc(AVATAR_MAX),
        ]).toString('base64'),
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a decompression bomb (a small PNG of 49 megapixels)',
      async () =>
        (
          await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#000' } })
            .png({ compressionLevel: 9 })
            .toBuffer()
        ).toString('base64'),
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ];
  it.each(cases)(
    'when the avatar is %s then the answer is 422 and nothing changes',
    async (_what, make, code) => {
      const before = await userRow();
      const files = storedFiles(t);
      const status = expectError(
        await putAvatar(member.token, await make(), { first_name: 'Changed' }),
        422,
        code as 'UNSUPPORTED_MEDIA_TYPE',
      );
      expect(status.errors?.avatar_base64?.[0]).toBeTruthy();
      expect(await userRow()).toEqual(before);
      expect(storedFiles(t)).toEqual(files);
    },
  );

  it('when an avatar URL names something else than an avatar file then it is 404', async () => {
    for (const name of [
      '..%2F..%2Fjwt-secret',
      'x.jpg',
      '00000000-0000-0000-0000-000000000000-original.jpg',
    ]) {
      expect((await fetchImage(`/member/v1/avatars/${name}`)).statusCode).toBe(404);
    }
  });

  it('when the body sets the avatar URLs or verification flags directly then the answer is 422', async () => {
    for (const extra of [
      { images: { avatar: { original: 'https://evil.example/x.png' } } },
      { avatar_thumbnail: '/x' },
      { is_verifies_bank: true },
    ]) {
      expectError(
        await call(t.app, 'PUT', '/member/v1/me', { token: member.token, body: extra }),
        422,
        'VALIDATION_ERROR',
      );
    }
  });
});
