// What every benchmark script shares: its command-line arguments and the figures it prints.

/** `--name value` or `--name=value` from the command line. */
export function argText(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

/** A numeric argument, or `fallback` when it is not given. */
export function arg(name: string, fallback: number): number {
  const v = argText(name);
  return v ? Number(v) : fallback;
}

/** The p-th percentile (nearest rank) of timings in ms. */
export function pct(xs: number[], p: number, digits = 3): number {
  const s = [...xs].sort((a, b) => a - b);
  return +(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN).toFixed(digits);
}

export const stats = (xs: number[]) => ({
  n: xs.length,
  p50_ms: pct(xs, 50),
  p95_ms: pct(xs, 95),
  max_ms: pct(xs, 100),
});

/** Progress goes to stderr; stdout carries the figures. */
export const log = (s: string) => console.error(s);
