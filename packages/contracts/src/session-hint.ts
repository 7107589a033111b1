/**
 * The refresh cookie's readable companion ('1', no secret, path '/'): it lives and dies with the
 * refresh cookie, so the portal asks for a refresh on a page load only when there is one to use.
 * In a file of its own, without zod: the sign-in page's first script reads it (the bundle budget).
 */
export const SESSION_HINT_COOKIE = 'portal_signed_in';
