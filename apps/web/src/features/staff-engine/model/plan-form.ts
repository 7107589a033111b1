import { planVersionBody, type PlanParams, type PlanVersionBody } from '@portal/contracts/engine';

/** The new-version form: the whole parameter set (prefilled from the version in force), a date and a note. */
export interface PlanFormValues {
  effective_from: string;
  note: string;
  params: PlanParams;
  /** MTA_RATE as typed: "0.10, 0.05, 0.05". */
  mtaRates: string;
}

export function formFromParams(params: PlanParams, effectiveFrom: string): PlanFormValues {
  return {
    effective_from: effectiveFrom,
    note: '',
    params: structuredClone(params),
    mtaRates: params.MTA_RATE.join(', '),
  };
}

/** "0.10, 0.05 ,0.05" → ["0.10", "0.05", "0.05"]. */
export const splitRates = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export type PlanFormErrors = Record<string, true>;

/**
 * The request body, checked by the contract's own schema before it is sent: on failure, the paths
 * of the fields that break it ("params.PACKAGES.SILVER.price", "effective_from"), which the form
 * marks; the server checks the same schema and the dates.
 */
export function toPlanBody(
  values: PlanFormValues,
): { ok: true; body: PlanVersionBody } | { ok: false; errors: PlanFormErrors } {
  const candidate = {
    effective_from: values.effective_from,
    note: values.note.trim() || undefined,
    params: { ...values.params, MTA_RATE: splitRates(values.mtaRates) },
  };
  const parsed = planVersionBody.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: PlanFormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    // MTA_RATE.1 → the one input that holds them all
    const key = path[1] === 'MTA_RATE' ? 'params.MTA_RATE' : path.join('.');
    errors[key] = true;
  }
  return { ok: false, errors };
}

/** A server 422's field errors, as the form's marks. */
export function errorsFromServer(fields: Record<string, string[]>): PlanFormErrors {
  const errors: PlanFormErrors = {};
  for (const key of Object.keys(fields))
    errors[key.startsWith('params.MTA_RATE') ? 'params.MTA_RATE' : key] = true;
  return errors;
}
