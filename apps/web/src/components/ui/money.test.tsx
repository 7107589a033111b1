// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import { useFormat } from '../../lib/i18n/use-format';
import { stubMatchMedia } from '../../lib/testing/match-media';
import { Money } from './money';

beforeAll(() => {
  stubMatchMedia();
  initI18n('th');
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('th');
});

const show = (value: string | null) =>
  render(
    <MantineProvider>
      <Money value={value} data-testid="money" />
    </MantineProvider>,
  ).getByTestId('money');

describe('Money', () => {
  it('shows the decimal string with thousand separators and two decimals, on one line with aligned figures', () => {
    const money = show('1250.5');
    expect(money.textContent).toBe('1,250.50');
    expect(money.style.whiteSpace).toBe('nowrap');
    expect(money.style.fontVariantNumeric).toBe('tabular-nums');
    // Never a monospace face (the engine desk's copy used one).
    expect(money.style.fontFamily).toBe('');
  });

  it('shows a negative amount in red and a missing one as a dash', () => {
    expect(show('-30.00').textContent).toBe('-30.00');
    expect(screen.getByTestId('money').style.color).toContain('red-8');
    cleanup();
    const none = show(null);
    expect(none.textContent).toBe('–');
    expect(none.style.color).toBe('');
  });
});

describe('useFormat', () => {
  it('writes Thai dates in the Buddhist era and English ones in the common era', async () => {
    const th = renderHook(() => useFormat()).result.current;
    expect(th.day('2026-03-12')).toBe('12 มี.ค. 2569');
    expect(th.longDay('2026-03-12')).toBe('12 มีนาคม 2569');
    expect(th.month('2026-03')).toBe('มีนาคม 2569');
    expect(th.month('2026-03-01')).toBe('มีนาคม 2569');
    expect(th.year(2026)).toBe('2569');
    // 07:05 UTC is 14:05 in Bangkok.
    expect(th.instant('2026-03-12T07:05:00Z')).toBe('12 มี.ค. 2569 14:05');
    await i18n.changeLanguage('en');
    const en = renderHook(() => useFormat()).result.current;
    expect(en.day('2026-03-12')).toBe('12 Mar 2026');
    expect(en.month('2026-03')).toBe('March 2026');
    expect(en.year(2026)).toBe('2026');
    expect(en.money('47598.95')).toBe('47,598.95');
    expect(en.count(1234567)).toBe('1,234,567');
  });

  it('shows a dash for what is missing', () => {
    const f = renderHook(() => useFormat()).result.current;
    expect([f.day(null), f.longDay(undefined), f.instant(null), f.count(undefined), f.money(null)]).toEqual([
      '–',
      '–',
      '–',
      '–',
      '–',
    ]);
  });
});
