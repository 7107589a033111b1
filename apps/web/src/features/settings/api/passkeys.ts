import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey, PasskeyOptions } from '@portal/contracts/passkeys';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** The member's passkeys (GET /member/v1/passkeys). */
export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.passkeys.mine(),
    queryFn: ({ signal }) => apiRequest<Passkey[]>('/v1/passkeys', { signal }),
  });
}

/**
 * Adds a passkey: the registration options, the browser's ceremony (@simplewebauthn/browser,
 * loaded only now), the answer to verify.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string | undefined) => {
      const [{ startRegistration }, opts] = await Promise.all([
        import('@simplewebauthn/browser'),
        apiRequest<PasskeyOptions>('/v1/passkeys/registration-options', { method: 'POST' }),
      ]);
      const response = await startRegistration({ optionsJSON: opts.options as never });
      return apiRequest<Passkey>('/v1/passkeys/registration', {
        method: 'POST',
        body: { challenge_id: opts.challenge_id, name, response },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.passkeys.all }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/v1/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.passkeys.all }),
  });
}
