// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { stubMatchMedia } from '../lib/testing/match-media';
import { RangePicker } from './range-picker';

beforeAll(() => {
  stubMatchMedia();
  initI18n('th');
});

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('range picker', () => {
  it('offers the presets in a menu and applies the one picked; hidden from print when asked', async () => {
    const onChange = vi.fn();
    const { container } = wrap(
      <RangePicker
        label="Date range"
        from="2026-11-01"
        to="2026-11-30"
        onChange={onChange}
        testId="report-range"
        presets={{
          label: 'Quick ranges',
          items: [{ key: 'last90', label: 'Last 90 days', range: { from: '2026-09-02', to: '2026-11-30' } }],
        }}
        noPrint
      />,
    );
    expect(screen.getByTestId('report-range')).toBeTruthy();
    expect(screen.getByLabelText('Date range')).toBeTruthy();
    expect(container.querySelector('[data-noprint]')).not.toBeNull();
    expect(screen.queryByTestId('range-clear')).toBeNull();
    fireEvent.click(screen.getByTestId('range-presets'));
    fireEvent.click(await screen.findByTestId('preset-last90'));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-09-02', to: '2026-11-30' });
  });

  it('shows the clear button only while a range is set, and prints by default', () => {
    const onClear = vi.fn();
    const clear = { label: 'All dates', onClear };
    const { container, rerender } = wrap(
      <RangePicker label="Cancel dates" onChange={() => {}} testId="range" clear={clear} />,
    );
    expect(screen.getByTestId('range')).toBeTruthy();
    expect(screen.queryByTestId('range-clear')).toBeNull();
    expect(screen.queryByTestId('range-presets')).toBeNull();
    expect(container.querySelector('[data-noprint]')).toBeNull();
    rerender(
      <MantineProvider>
        <RangePicker
          label="Cancel dates"
          from="2026-01-01"
          onChange={() => {}}
          testId="range"
          clear={clear}
        />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByTestId('range-clear'));
    expect(onClear).toHaveBeenCalledOnce();
    expect(screen.getByTestId('range-clear').textContent).toBe('All dates');
  });
});
