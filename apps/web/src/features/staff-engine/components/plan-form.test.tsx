// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PlanView } from '@portal/contracts/engine';
import { DEFAULT_PLAN } from '@portal/plan/params';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { stubWindowWidth } from '../../../lib/testing/match-media';
import type { PlanVersionForm as PlanVersionFormType } from './plan-form';

// The desk registers its texts on import, which needs i18next started: imported after initI18n.
let PlanVersionForm: typeof PlanVersionFormType;

const VIEW: PlanView = {
  business_date: '2026-01-20',
  last_closed: '2026-01-19',
  earliest_from: '2026-01-21',
  in_force: {
    version: 0,
    effective_from: null,
    params: DEFAULT_PLAN,
    note: null,
    created_by: null,
    created_at: null,
    in_force: true,
  },
  versions: [],
};

beforeAll(async () => {
  stubWindowWidth(1366);
  initI18n('en');
  ({ PlanVersionForm } = await import('./plan-form'));
});

afterEach(cleanup);

const show = () => {
  const onDone = vi.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <PlanVersionForm view={VIEW} onDone={onDone} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onDone;
};

describe('the new plan version form', () => {
  it('starts from the version in force and marks only the values the contract refuses, sending nothing', async () => {
    const onDone = show();
    const [code] = Object.keys(DEFAULT_PLAN.PACKAGES);
    const price = screen.getByRole('textbox', { name: `${code} Price (THB)` }) as HTMLInputElement;
    expect(price.value).toBe(DEFAULT_PLAN.PACKAGES[code!]!.price);
    fireEvent.change(price, { target: { value: 'twelve' } });
    fireEvent.change(screen.getByTestId('plan-param-WHT_RATE'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('plan-form-submit'));

    await screen.findByTestId('plan-form-invalid');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('plan-param-WHT_RATE').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Check this value')).toHaveLength(2);
    expect(screen.getByTestId('plan-param-REFERRER_PCT').getAttribute('aria-invalid')).not.toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
