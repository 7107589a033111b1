import { z } from 'zod';
import { bigintIdParam } from './ids.ts';

/**
 * Sign-in by passkey (WebAuthn; issue 23, item 10), under /member/v1/passkeys: a signed-in member
 * adds one from settings (registration options, then the browser's answer to verify), anyone signs
 * in with one (authentication options, then the answer to verify: the same tokens as the password
 * sign-in, POST /member/v1/login). The password stays the fallback. The options and the browser's
 * answers are WebAuthn's own JSON (the W3C's PublicKeyCredential*OptionsJSON and the credential's
 * toJSON()), made and checked by @simplewebauthn/server; they pass through as objects here.
 */

const instant = z.string().meta({ description: 'ISO 8601 instant (UTC)' });

const webauthnJson = z
  .record(z.string(), z.unknown())
  .meta({ description: "WebAuthn's JSON, as @simplewebauthn/browser hands it over or takes it" });

/** A ceremony's options and the id of its challenge, which the answer names (used once, 5 minutes). */
export const passkeyOptionsSchema = z.object({
  challenge_id: z.uuid(),
  options: webauthnJson,
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyRegistrationBody = z.strictObject({
  challenge_id: z.uuid(),
  /** What the member calls it ("my phone"); the browser's name when left out. */
  name: z.string().trim().min(1).max(60).optional(),
  response: webauthnJson,
});
export type PasskeyRegistrationBody = z.input<typeof passkeyRegistrationBody>;

export const passkeyAuthenticationBody = z.strictObject({
  challenge_id: z.uuid(),
  response: webauthnJson,
});
export type PasskeyAuthenticationBody = z.input<typeof passkeyAuthenticationBody>;

/** One of the member's passkeys, as settings list it. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** singleDevice or multiDevice (synced by the platform, e.g. a phone's keychain) */
  device_type: z.string(),
  backed_up: z.boolean(),
  created_at: instant,
  last_used_at: instant.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyIdParam = z.object({ id: bigintIdParam });
