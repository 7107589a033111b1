// Types of chromium.mjs for the TypeScript scripts (scripts/bench/web.ts).
/** The Chromium to launch (installed first when it may be), or null after saying what to run. */
export function ensureChromium(options?: { log?: (line: string) => void }): string | null;
