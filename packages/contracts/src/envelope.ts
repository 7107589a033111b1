import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';

/** The status object every answer but the OAuth token endpoint carries. */
export interface EnvelopeStatus {
  code: number;
  message: string;
  error_code?: ErrorCode;
  errors?: Record<string, string[]>;
}

export interface Envelope<T> {
  status: EnvelopeStatus;
  data: T;
}

export interface Pagination {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export const DEFAULT_PER_PAGE = 10;
export const PAGE_LINKS = 5;

/** `?page=1&per_page=10`, clamped: per_page at most `max`. */
export function pageQuery(max = 300) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(max).default(DEFAULT_PER_PAGE),
  });
}

export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
