import { MSG } from '@portal/contracts/messages';
import { AppError } from './errors';

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
