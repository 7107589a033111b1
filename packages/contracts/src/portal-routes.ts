/**
 * The portal's page addresses, shared by its build and the server. The web build writes the route
 * patterns of `apps/web/src/lib/paths.ts` into this file of its output; the server that serves that
 * output answers 200 with the portal for an address matching one of them and 404 (still the portal,
 * which shows its not-found page) for any other. So the server never needs a list of its own.
 */
export const PORTAL_ROUTES_FILE = '.vite/portal-routes.json';

export interface PortalRoutesManifest {
  /** react-router patterns: static segments and `:name` parameters, e.g. `/auth/register/:refererCode` */
  routes: string[];
}

/**
 * A matcher for the patterns that follows react-router's own rules for them: case-insensitive, a
 * `:name` segment matches any one non-empty segment, a trailing slash is ignored.
 */
export function portalRouteMatcher(patterns: readonly string[]): (pathname: string) => boolean {
  const compiled = patterns.map((pattern) => {
    if (/[*?]/.test(pattern)) throw new Error(`Unsupported route pattern ${pattern}`);
    return segments(pattern).map((s) => (s.startsWith(':') ? null : s.toLowerCase()));
  });
  return (pathname) => {
    const parts = segments(pathname);
    if (parts.some((p) => p === '')) return false; // an empty segment ("//") is no page
    return compiled.some(
      (pattern) =>
        pattern.length === parts.length &&
        pattern.every((s, i) => s === null || s === decode(parts[i]!).toLowerCase()),
    );
  };
}

function segments(pathname: string): string[] {
  const trimmed = pathname.replace(/^\//, '').replace(/\/$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
