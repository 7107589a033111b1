import { z } from 'zod';

/**
 * The response of a route that answers a file rather than the JSON envelope: the file's content
 * types, each a binary body, so that /docs shows what comes back. The bytes are sent as they are
 * (a Buffer is never serialised). Every such route is listed, with its reason, in the OpenAPI test
 * (test/server/openapi.test.ts); its errors are still the envelope.
 */
/** A binary body in /docs; in the handler's type, the bytes (or the text of a CSV) sent as they are. */
const binary = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer | string>;

export const fileAnswer = (types: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: binary }])) as Record<
    string,
    { schema: typeof binary }
  >,
});
