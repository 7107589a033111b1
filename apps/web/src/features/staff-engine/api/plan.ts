import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanVersionBody, PlanView, SimulationQueue, SimulationResult } from '@portal/contracts/engine';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export const planQuery = () =>
  queryOptions({
    queryKey: queryKeys.engine.plan(),
    queryFn: ({ signal }) => apiRequest<PlanView>('/v1/plan', { service: 'staff', signal }),
  });

export function usePlan() {
  return useQuery(planQuery());
}

export function useCreatePlanVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanVersionBody) =>
      apiRequest<PlanView>('/v1/plan/versions', { service: 'staff', method: 'POST', body }),
    onSuccess: (view) => client.setQueryData(queryKeys.engine.plan(), view),
  });
}

/** A simulation creates and drops a database of its own: it may take several seconds. */
export function useSimulate() {
  return useMutation({
    mutationFn: (scenario: Record<string, unknown>) =>
      apiRequest<SimulationResult>('/v1/plan/simulate', {
        service: 'staff',
        method: 'POST',
        body: scenario,
        timeoutMs: 120_000,
      }),
  });
}

/** Where this staff member's simulations stand in the server's queue, asked every second while one is pending. */
export function useSimulationQueue(pending: boolean) {
  return useQuery({
    queryKey: queryKeys.engine.simulationQueue(),
    queryFn: ({ signal }) =>
      apiRequest<SimulationQueue>('/v1/plan/simulate/queue', { service: 'staff', signal }),
    enabled: pending,
    refetchInterval: pending ? 1_000 : false,
  });
}
