import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { FirstSteps } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** My paid orders and invitations (GET /network/api/v1/me/first_steps): an order or a sign-up refreshes the network. */
export const firstStepsQuery = () =>
  queryOptions({
    queryKey: queryKeys.network.firstSteps(),
    queryFn: ({ signal }) => apiRequest<FirstSteps>('/api/v1/me/first_steps', { service: 'network', signal }),
  });

export const useFirstStepFacts = (enabled: boolean) => useQuery({ ...firstStepsQuery(), enabled });

/** Sends the activation link to the signed-in member's e-mail (the verify step's action). */
export const useSendActivation = () =>
  useMutation({
    mutationFn: () => apiRequest<null>('/v1/emails', { method: 'POST', body: { type: 'activation' } }),
  });
