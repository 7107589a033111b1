// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFirstLoad } from './use-first-load';

afterEach(cleanup);

/** A query whose answer the test gives when it wants. */
function controlled() {
  let answer: (value: number) => void = () => {};
  const fn = () => new Promise<number>((resolve) => (answer = resolve));
  return { fn, answer: (value: number) => answer(value) };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useFirstLoad (the main region is aria-busy while it is true)', () => {
  it('when a query waits for its first data then the page is busy, and not once the data came', async () => {
    const { wrapper } = setup();
    const q = controlled();
    const { result } = renderHook(
      () => ({ busy: useFirstLoad(), data: useQuery({ queryKey: ['a'], queryFn: q.fn }).data }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.busy).toBe(true));
    act(() => q.answer(1));
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(result.current.busy).toBe(false);
  });

  it('when data already shown is fetched again then the page is not busy', async () => {
    const { client, wrapper } = setup();
    const q = controlled();
    const { result } = renderHook(
      () => ({
        busy: useFirstLoad(),
        query: useQuery({ queryKey: ['b'], queryFn: q.fn, notifyOnChangeProps: 'all' }),
      }),
      { wrapper },
    );
    act(() => q.answer(1));
    await waitFor(() => expect(result.current.query.data).toBe(1));
    act(() => {
      void client.invalidateQueries({ queryKey: ['b'] });
    });
    await waitFor(() => expect(result.current.query.isFetching).toBe(true));
    expect(result.current.busy).toBe(false);
    act(() => q.answer(2));
    await waitFor(() => expect(result.current.query.data).toBe(2));
  });
});
