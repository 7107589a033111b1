import { z } from 'zod';

export const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    scope: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: z.string().min(1),
    client_secret: z.string().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
  }),
]);

/** The token endpoint's answer (RFC 6749 5.1): not the envelope. */
export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
/** The token endpoint's errors (RFC 6749 5.2). */
export const tokenErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

export const APP_KEY_HEADER = 'x-app-key';
export const REFRESH_COOKIE = 'portal_rt';
export { SESSION_HINT_COOKIE } from './session-hint.ts';
