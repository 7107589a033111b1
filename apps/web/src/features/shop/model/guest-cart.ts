import { useSyncExternalStore } from 'react';

/**
 * A guest's cart in a community shop: product codes and quantities only (no personal data), kept
 * for this tab in sessionStorage so a reload does not empty it. The server prices it at checkout.
 */
export interface GuestLine {
  code: string;
  quantity: number;
}

const listeners = new Set<() => void>();
const cache = new Map<string, GuestLine[]>();
const storageKey = (shop: string) => `guest-cart:${shop.toUpperCase()}`;

function read(shop: string): GuestLine[] {
  const cached = cache.get(shop);
  if (cached) return cached;
  let lines: GuestLine[] = [];
  try {
    const raw = JSON.parse(sessionStorage.getItem(storageKey(shop)) ?? '[]') as unknown;
    if (Array.isArray(raw))
      lines = raw.filter(
        (l): l is GuestLine =>
          typeof l === 'object' && l !== null && typeof l.code === 'string' && Number.isInteger(l.quantity),
      );
  } catch {
    lines = [];
  }
  cache.set(shop, lines);
  return lines;
}

function write(shop: string, lines: GuestLine[]) {
  cache.set(shop, lines);
  try {
    sessionStorage.setItem(storageKey(shop), JSON.stringify(lines));
  } catch {
    // Private mode without storage: the cart lives as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Adds (or with `set`, replaces) a quantity; a quantity of 0 removes the line. */
export function changeGuestLine(shop: string, code: string, quantity: number, mode: 'add' | 'set') {
  const lines = read(shop);
  const current = lines.find((l) => l.code === code)?.quantity ?? 0;
  const next = Math.min(999, Math.max(0, mode === 'add' ? current + quantity : quantity));
  const rest = lines.filter((l) => l.code !== code);
  write(shop, next > 0 ? [...rest, { code, quantity: next }] : rest);
}

export function clearGuestCart(shop: string) {
  write(shop, []);
}

export function useGuestCart(shop: string | null): GuestLine[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (shop ? read(shop) : EMPTY),
  );
}

const EMPTY: GuestLine[] = [];
