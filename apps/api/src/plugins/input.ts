import type { FastifyInstance } from 'fastify';
import { MSG } from '@portal/contracts/messages';
import { AppError } from '../lib/errors';

/**
 * Control characters have no place in what people type, and PostgreSQL refuses a NUL byte in
 * text outright (which used to answer 500). Refused once for every route, before validation:
 * - query strings and path parameters: no C0 control (U+0000–U+001F) and no DEL (U+007F);
 * - JSON and form bodies, and multipart text fields: the same, except tab, line feed and
 *   carriage return inside a string (a description may have several lines).
 * The answer is 422 VALIDATION_ERROR naming each offending field.
 */
// eslint-disable-next-line no-control-regex
const LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type InputPlace = 'line' | 'text';

export const hasControlCharacters = (value: string, place: InputPlace) =>
  (place === 'line' ? LINE_CONTROLS : TEXT_CONTROLS).test(value);

/** A field name fit to show: control characters in a key are written as \uXXXX. */
const shown = (key: string) =>
  // eslint-disable-next-line no-control-regex
  key.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The fields of `input` (a string, or objects and arrays of them, as parsed JSON, query strings
 * and forms are) that hold control characters: `{ "address.street": [message] }`. Walked without
 * recursion, so a deeply nested body cannot overflow the stack.
 */
export function controlCharacterErrors(input: unknown, place: InputPlace): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacters(value, place)) errors[path || '_'] = [MSG.controlCharacters];
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${shown(key)}` : shown(key);
        if (hasControlCharacters(key, 'line')) errors[field] = [MSG.controlCharacters];
        else stack.push({ value: item, path: field });
      }
    }
  }
  return errors;
}

/** Throws the 422 when any of the inputs holds a control character where it may not. */
export function assertNoControlCharacters(...inputs: [unknown, InputPlace][]): void {
  const errors: Record<string, string[]> = {};
  for (const [input, place] of inputs) Object.assign(errors, controlCharacterErrors(input, place));
  const fields = Object.keys(errors);
  if (fields.length) {
    // A few fields are enough to fix the input; the rest would only echo the body back.
    const shown = Object.fromEntries(fields.slice(0, 10).map((f) => [f, errors[f]!]));
    throw new AppError(422, 'VALIDATION_ERROR', MSG.controlCharacters, shown);
  }
}

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
