import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OtpTransaction, OtpVerifyResult } from '@portal/contracts/identity';
import { apiRequest } from '../../lib/http/client';

export interface OtpRequest {
  username: string;
  purpose?: 'onboarding';
}

export function requestOtp(body: OtpRequest): Promise<OtpTransaction> {
  return apiRequest<OtpTransaction>('/v1/otp-transactions', {
    method: 'POST',
    auth: 'app',
    body: { purpose: 'onboarding', ...body },
  });
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

export interface OtpVerification {
  id: string;
  username: string;
  code: string;
  refCode: string;
}

export function verifyOtp({ id, username, code, refCode }: OtpVerification): Promise<OtpVerifyResult> {
  // The API names the channel by the field: `email` for an address, `mobile` otherwise.
  const channel = username.includes('@') ? { email: username } : { mobile: username };
  return apiRequest(`/v1/otp-transactions/${encodeURIComponent(id)}`, {
    method: 'PUT',
    auth: 'app',
    body: { ...channel, code, ref_code: refCode },
  });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}

/** How often the code screen asks whether the SMS or e-mail went out, while it is on its way. */
export const DELIVERY_POLL_MS = 2_000;

/**
 * GET /v1/otp-transactions/{id}: where the code's SMS or e-mail stands (`delivery`). Asked again
 * every two seconds while it is pending or retrying, until the code expires.
 */
export const otpStatusQuery = (id: string) =>
  queryOptions({
    queryKey: ['otp-transaction', id],
    queryFn: ({ signal }) =>
      apiRequest<OtpTransaction>(`/v1/otp-transactions/${encodeURIComponent(id)}`, { auth: 'app', signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const tx = query.state.data;
      if (tx && Date.parse(tx.expires_at) < Date.now()) return false;
      return !tx || tx.delivery === 'pending' || tx.delivery === 'retrying' ? DELIVERY_POLL_MS : false;
    },
  });

export function useOtpStatus(id: string) {
  return useQuery({ ...otpStatusQuery(id), enabled: id !== '' });
}
