/**
 * A signed-in device in a few words: the browser and the system it runs on, from the user agent.
 * Order matters: Edge and Opera say "Chrome" too, every iPhone browser says "Safari".
 */
export interface DeviceSummary {
  browser: string | null;
  version: string | null;
  os: string | null;
  mobile: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
  [/Line\/([\d.]+)/, 'LINE'],
  [/FBAV\/([\d.]+)/, 'Facebook'],
  [/CriOS\/([\d.]+)/, 'Chrome'],
  [/FxiOS\/([\d.]+)/, 'Firefox'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/HeadlessChrome\/([\d.]+)/, 'Chrome Headless'],
  [/Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
  [/curl\/([\d.]+)/, 'curl'],
  [/node(?:-fetch)?\/?([\d.]*)/i, 'Node.js'],
];

const SYSTEMS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/Windows NT 10/, () => 'Windows'],
  [/Windows NT ([\d.]+)/, () => 'Windows'],
  [/iPhone OS ([\d_]+)/, (m) => `iOS ${m[1]!.split('_')[0]}`],
  [/iPad.*OS ([\d_]+)/, (m) => `iPadOS ${m[1]!.split('_')[0]}`],
  [/Android ([\d.]+)/, (m) => `Android ${m[1]!.split('.')[0]}`],
  [/CrOS/, () => 'ChromeOS'],
  [/Mac OS X/, () => 'macOS'],
  [/Linux/, () => 'Linux'],
];

export function summariseUserAgent(ua: string | null | undefined): DeviceSummary {
  if (!ua) return { browser: null, version: null, os: null, mobile: false };
  let browser: string | null = null;
  let version: string | null = null;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = name;
      version = m[1] ? (m[1].split('.')[0] ?? null) || null : null;
      break;
    }
  }
  let os: string | null = null;
  for (const [re, name] of SYSTEMS) {
    const m = ua.match(re);
    if (m) {
      os = name(m);
      break;
    }
  }
  return { browser, version, os, mobile: /Mobile|iPhone|Android/.test(ua) && !/iPad/.test(ua) };
}

/** "Chrome 120 · Windows", or null when nothing is recognised. */
export function deviceLabel(ua: string | null | undefined): string | null {
  const d = summariseUserAgent(ua);
  const browser = d.browser ? [d.browser, d.version].filter(Boolean).join(' ') : null;
  const parts = [browser, d.os].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
