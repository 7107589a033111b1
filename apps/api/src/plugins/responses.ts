import { z } from 'zod';

/**
 * The response of a route that answers a file rather than the JSON envelope: the file's content
 * types, each a binary body, so that /docs shows what comes back. The bytes are sent as they are
 * (a Buffer is never serialised). Every such route is listed, with its reason, in the OpenAPI test
 * (test/server/openapi.test.ts); its errors are still the envelope.
 */
export const fileAnswer = (types: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ) as Record<string, { schema: z.ZodString }>,
});
