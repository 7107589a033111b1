// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { Address, AddressBody } from '@portal/contracts/profile';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSaveAddress } from '../features/profile/api/addresses';
import { useAddressBook } from '../features/shop/api/orders';
import { useAddresses } from '../lib/addresses';
import { sessionStore } from '../lib/auth/session-store';
import { DEFAULT_CONFIG, setConfig } from '../lib/config';
import { resetHttpState } from '../lib/http/client';
import { queryClient } from './query-client';

/**
 * Issue 20: the shop cached the member's addresses under a key of its own, which a change in the
 * profile never invalidated, so the checkout could offer a list up to 30 s old (the portal's
 * staleTime). Here both views and the profile's save run as in the portal, on its query client,
 * against an address book served over HTTP: an address saved in the profile is offered at once.
 */
const book: Address[] = [];
const addressOf = (id: number, body: AddressBody): Address => ({
  id,
  type: body.type,
  is_default: body.is_default ?? false,
  number: body.number,
  building: null,
  alley: null,
  street: null,
  subdistrict: null,
  district: null,
  province: null,
  subdistrict_name: null,
  district_name: null,
  province_name: null,
  post_code: null,
  telephone: null,
  country: { id: 1, code: 'TH', name_th: 'ไทย', name_en: 'Thailand' },
  created_at: '2026-11-26T00:00:00Z',
  updated_at: '2026-11-26T00:00:00Z',
});
const envelope = (data: unknown) => JSON.stringify({ status: { code: 200, message: 'success' }, data });
let lists = 0;

const server = http.createServer((req, res) => {
  res.setHeader('Content-Type', 'application/json');
  if (!req.url?.startsWith('/member/v1/me/addresses') || req.headers.authorization !== 'Bearer user-1') {
    res.statusCode = 404;
    res.end(
      JSON.stringify({ status: { code: 404, message: 'Not found', error_code: 'NOT_FOUND' }, data: null }),
    );
    return;
  }
  if (req.method === 'GET') {
    lists += 1;
    const pagination = { page: 1, per_page: 20, total: book.length, last_page: 1 };
    res.end(envelope({ items: book, pagination }));
    return;
  }
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const address = addressOf(book.length + 1, JSON.parse(raw) as AddressBody);
    book.push(address);
    res.statusCode = 201;
    res.end(envelope(address));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setConfig({ ...DEFAULT_CONFIG, memberBaseUrl: `http://127.0.0.1:${port}/member` });
  resetHttpState();
  sessionStore.setToken('user-1', 900);
  book.push(addressOf(1, { type: 'home', number: '88/8' }));
});

afterAll(async () => {
  cleanup();
  queryClient.clear();
  sessionStore.clear();
  await new Promise((resolve) => server.close(resolve));
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('the member’s address book', () => {
  it('an address saved in the profile is offered at once in the checkout’s delivery choice', async () => {
    const { result } = renderHook(
      () => ({ profile: useAddresses(), checkout: useAddressBook(true), save: useSaveAddress() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.checkout.data?.items).toHaveLength(1));
    expect(result.current.profile.data?.items).toHaveLength(1);
    const before = lists;

    await act(() =>
      result.current.save.mutateAsync({
        id: null,
        body: { type: 'shipping', number: '1', is_default: true },
      }),
    );

    // Well inside the 30 s the portal keeps a list fresh: the save itself refreshed it.
    await waitFor(() =>
      expect(result.current.checkout.data?.items.map((a) => a.number)).toEqual(['88/8', '1']),
    );
    expect(result.current.profile.data?.items).toHaveLength(2);
    // Both views are one list, read once more.
    expect(lists - before).toBe(1);
  });
});
