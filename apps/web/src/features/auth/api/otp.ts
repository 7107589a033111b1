import { useMutation } from '@tanstack/react-query';
import type { OtpTransaction, OtpVerifyResult } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';

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
