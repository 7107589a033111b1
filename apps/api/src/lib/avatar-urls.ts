/**
 * Avatars are served at `/member/v1/avatars/{uuid}-{original|thumbnail}.{jpg|png}` without the app
 * key or a token, because an <img> element cannot send headers (docs/decisions/008-avatar-urls.md).
 * The names are random and change with every upload, so the files are cached for good.
 */
export const AVATAR_PATH = '/member/v1/avatars/';
export const AVATAR_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(original|thumbnail)\.(jpg|png)$/;

export const avatarKeyOfUrl = (url: string | null): string | null =>
  url?.startsWith(AVATAR_PATH) && AVATAR_NAME.test(url.slice(AVATAR_PATH.length))
    ? `avatars/${url.slice(AVATAR_PATH.length)}`
    : null;
