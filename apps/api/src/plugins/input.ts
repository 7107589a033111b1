import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { assertNoControlCharacters } from '../lib/control-characters';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many values (keys and array items, at any depth) a body may hold; MAX_BODY_FIELDS when absent. */
    maxFields?: number;
  }
}

/** Enough for any form of the portal; a route that takes more says so (the plan simulator). */
export const MAX_BODY_FIELDS = 2_000;
/** No form nests deeper; a deeper body is an attack on whatever walks it. */
export const MAX_BODY_DEPTH = 16;

/**
 * Whether a parsed body stays within `maxFields` values and MAX_BODY_DEPTH levels. Walked without
 * recursion and stopped at the first excess, so a body of half a million keys costs no more than
 * the limit.
 */
export function bodyShapeError(body: unknown, maxFields: number): string | null {
  let fields = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_BODY_DEPTH) return `The request body nests deeper than ${MAX_BODY_DEPTH} levels`;
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      if (++fields > maxFields) return `The request body has more than ${maxFields} fields`;
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/** Adds the checks to every route of `app` (an API service) before its schema validation. */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const shape = bodyShapeError(request.body, request.routeOptions.config.maxFields ?? MAX_BODY_FIELDS);
    if (shape) throw new AppError(413, 'PAYLOAD_TOO_LARGE', shape);
    assertNoControlCharacters([request.params, 'line'], [request.query, 'line'], [request.body, 'text']);
  });
}
