// Types of web-build.mjs for the TypeScript scripts (scripts/bench/web.ts).
export const webDist: string;
/** Returns the built portal's directory; exits the process when the build fails. */
export function buildPortalIfStale(options?: { log?: (line: string) => void }): string;
