import { z } from 'zod';

/**
 * Ids as the database holds them. The reference lists (countries, provinces, districts,
 * sub-districts) have 32-bit `integer` keys; everything else has `bigint` (bigserial) keys, of
 * which JavaScript numbers hold exactly up to 2^53 − 1. An id outside its column's range cannot
 * name a row: it is a 422 like any other bad value, never a database error.
 */
export const INT32_MAX = 2_147_483_647;
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/** An id of an `integer` column, in a JSON body. */
export const int32Id = z.number().int().min(1).max(INT32_MAX);
/** An id of a `bigint` column, in a JSON body. */
export const bigintId = z.number().int().min(1).max(BIGINT_ID_MAX);

/** The same as text: path and query parameters, form fields, and bodies that accept "12" for 12. */
export const int32IdParam = z.coerce.number().int().min(1).max(INT32_MAX);
export const bigintIdParam = z.coerce.number().int().min(1).max(BIGINT_ID_MAX);
