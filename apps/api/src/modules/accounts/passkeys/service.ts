import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { LoginResult } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { Passkey, PasskeyOptions } from '@portal/contracts/passkeys';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { sessionForUser, type ClientMeta } from '../session/service';
import { userRowById } from '../users/repository';
import { relyingParty } from './relying-party';
import {
  deletePasskey,
  insertChallenge,
  insertPasskey,
  markUsed,
  passkeyByCredential,
  passkeysOfUser,
  takeChallenge,
  type PasskeyRow,
} from './repository';

/**
 * Passkeys (WebAuthn, issue 23 item 10) through @simplewebauthn/server: a signed-in member adds
 * one, anyone signs in with one and gets the tokens of a password sign-in (sessionForUser). Each
 * ceremony's challenge is a row used once (taken, i.e. deleted, before its answer is checked) and
 * lives 5 minutes. A failed sign-in says only "invalid sign-in data", as a wrong password does.
 */
const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'Member portal';

const refused = () => new AppError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
const notVerified = () =>
  new AppError(422, 'VALIDATION_ERROR', 'The passkey could not be verified', {
    response: ['The passkey could not be verified'],
  });

export function passkeyView(p: PasskeyRow): Passkey {
  return {
    id: p.id,
    name: p.name,
    device_type: p.deviceType,
    backed_up: p.backedUp,
    created_at: p.createdAt.toISOString(),
    last_used_at: p.lastUsedAt?.toISOString() ?? null,
  };
}

export async function myPasskeys(ctx: AppContext, userId: number): Promise<Passkey[]> {
  return (await passkeysOfUser(ctx.db, userId)).map(passkeyView);
}

/** Options to add a passkey: the member's own, and the ones they have already excluded. */
export async function registrationOptions(ctx: AppContext, userId: number): Promise<PasskeyOptions> {
  const user = await userRowById(ctx.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  const existing = await passkeysOfUser(ctx.db, userId);
  const { rpID } = relyingParty(ctx.config.publicUrl);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(`user:${user.id}`),
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // A discoverable credential: signing in then needs no user name first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await insertChallenge(ctx.db, {
    userId,
    purpose: 'register',
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** The browser's answer to the registration options: checked, then the passkey is kept. */
export async function registerPasskey(
  ctx: AppContext,
  userId: number,
  body: { challenge_id: string; name?: string | undefined; response: Record<string, unknown> },
  userAgent: string | undefined,
): Promise<Passkey> {
  const taken = await takeChallenge(ctx.db, body.challenge_id, 'register');
  if (!taken || taken.userId !== userId) throw notVerified();
  const { rpID, origins } = relyingParty(ctx.config.publicUrl);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response as unknown as RegistrationResponseJSON,
      expectedChallenge: taken.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw notVerified();
  }
  if (!verification.verified) throw notVerified();
  const info = verification.registrationInfo;
  if (await passkeyByCredential(ctx.db, info.credential.id))
    throw new AppError(409, 'CONFLICT', 'This passkey is added already');
  const row = await insertPasskey(ctx.db, {
    userId,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: body.name ?? deviceName(userAgent),
  });
  return passkeyView(row);
}

/** Options to sign in: no user named (the passkey says whose it is). */
export async function authenticationOptions(ctx: AppContext): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(ctx.config.publicUrl);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  const challengeId = await insertChallenge(ctx.db, {
    userId: null,
    purpose: 'authenticate',
    challenge: options.challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/** The browser's signed answer: checked against the stored key; a new session like a password's. */
export async function signInWithPasskey(
  ctx: AppContext,
  body: { challenge_id: string; response: Record<string, unknown> },
  clientId: string,
  meta: ClientMeta,
): Promise<LoginResult> {
  const taken = await takeChallenge(ctx.db, body.challenge_id, 'authenticate');
  if (!taken) throw refused();
  const response = body.response as unknown as AuthenticationResponseJSON;
  const passkey = typeof response.id === 'string' ? await passkeyByCredential(ctx.db, response.id) : null;
  if (!passkey) throw refused();
  const { rpID, origins } = relyingParty(ctx.config.publicUrl);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  await markUsed(ctx.db, passkey.id, verification.authenticationInfo.newCounter);
  return sessionForUser(ctx, passkey.userId, clientId, meta);
}

export async function removePasskey(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await deletePasskey(ctx.db, userId, id))) throw new AppError(404, 'NOT_FOUND', MSG.notFound);
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

/** A name for a passkey nobody named: the browser and system it was made on. */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  return [browser, system].filter(Boolean).join(' · ') || 'Passkey';
}
