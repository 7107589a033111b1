import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';
import { DEFAULT_PER_PAGE } from './paging.ts';

export * from './paging.ts';

/** The status object every answer but the OAuth token endpoint carries. */
export interface EnvelopeStatus {
  code: number;
  message: string;
  error_code?: ErrorCode;
  errors?: Record<string, string[]>;
  /** An error answer's request id: the `X-Request-Id` of the answer, in every log line of the request. */
  request_id?: string;
}

export interface Envelope<T> {
  status: EnvelopeStatus;
  data: T;
}

/** The envelope's status of a success answer, as response schemas declare it. */
export const statusSchema = z.object({ code: z.number().int(), message: z.string() });
/** The response schema of a success answer: the envelope around `data` (README, Conventions). */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ status: statusSchema, data });
/** An error answer: the envelope with `error_code` (and field errors for 422), `data` null. */
export const errorEnvelopeSchema = z.object({
  status: statusSchema.extend({
    error_code: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  }),
  data: z.null(),
});
/** `data` of a list: the items and the pagination. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
    }),
  });

/** `?page=1&per_page=10`, clamped: per_page at most `max`. */
export function pageQuery(max = 300) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(max).default(DEFAULT_PER_PAGE),
  });
}
