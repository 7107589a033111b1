import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';

export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiRequest<null>('/v1/me/password', { method: 'PATCH', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
