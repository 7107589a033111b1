import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { sql } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData } from '../../helpers/expect';
import { login, register, seedSponsor } from '../../helpers/fixtures';
import { relyingParty } from '../../../src/modules/accounts/passkeys/relying-party';

/**
 * Sign-in by passkey (issue 23, item 10) on the real database, with a software authenticator that
 * signs as a platform authenticator does (ES256, "none" attestation): a member adds a passkey from
 * settings and signs in with it to the same tokens as the password sign-in; a challenge is used
 * once; a wrong signature, another origin, a removed passkey and someone else's passkey are refused
 * and change nothing.
 */
let t: TestApp;
let origin: string;
let rpId: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.config.publicUrl).origin;
  rpId = new URL(t.config.publicUrl).hostname;
});
afterAll(async () => {
  await t?.close();
});

const b64 = (b: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(b));
const sha256 = (b: Uint8Array | Buffer | string) => createHash('sha256').update(b).digest();

/** A passkey on a software authenticator: an ES256 key pair, a credential id and its counter. */
class SoftPasskey {
  readonly id = randomBytes(16);
  readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  private coseKey(): Map<number, number | Uint8Array> {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
  }

  private authData(rp: string, attested: boolean): Buffer {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts = [sha256(rp), Buffer.from([flags]), counter];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(this.id.length);
      parts.push(Buffer.alloc(16), len, this.id, Buffer.from(isoCBOR.encode(this.coseKey())));
    }
    return Buffer.concat(parts);
  }

  /** The browser's answer to registration options (credential.toJSON()). */
  attest(options: { challenge: string }, at = { origin, rp: rpId }) {
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: at.origin }),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(this.authData(at.rp, true))],
      ]) as never,
    );
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The browser's answer to authentication options, signed with `key` (the passkey's own by default). */
  assert(options: { challenge: string }, key: KeyObject = this.keys.privateKey) {
    this.counter += 1;
    const authData = this.authData(rpId, false);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: null,
      },
    };
  }
}

type Options = { challenge_id: string; options: { challenge: string; rp?: { id: string } } };

async function newMember() {
  const sponsor = await seedSponsor(t.database.db);
  const { body } = await register(t.app, sponsor.user.invitationCode);
  await t.database.db.execute(sql`update users set is_verifies_mobile = true where email = ${body.email}`);
  const { access_token: token } = await login(t.app, body.email);
  return { email: body.email, token };
}

async function addPasskey(token: string, passkey: SoftPasskey, name?: string) {
  const opts = expectData<Options>(
    await call(t.app, 'POST', '/member/v1/passkeys/registration-options', { token }),
  );
  return call(t.app, 'POST', '/member/v1/passkeys/registration', {
    token,
    body: { challenge_id: opts.challenge_id, name, response: passkey.attest(opts.options) },
  });
}

async function authOptions(): Promise<Options> {
  return expectData<Options>(await call(t.app, 'POST', '/member/v1/passkeys/authentication-options'));
}

const passkeysOf = async (token: string) =>
  expectData<{ id: number; name: string; last_used_at: string | null }[]>(
    await call(t.app, 'GET', '/member/v1/passkeys', { token }),
  );

describe('passkeys', () => {
  it('a member adds a passkey from settings and signs in with it: the same tokens as a password sign-in', async () => {
    const m = await newMember();
    const passkey = new SoftPasskey();
    const opts = expectData<Options>(
      await call(t.app, 'POST', '/member/v1/passkeys/registration-options', { token: m.token }),
    );
    expect(opts.options.rp?.id).toBe(rpId);
    const added = await call(t.app, 'POST', '/member/v1/passkeys/registration', {
      token: m.token,
      body: { challenge_id: opts.challenge_id, name: 'โทรศัพท์ของฉัน', response: passkey.attest(opts.options) },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ name: 'โทรศัพท์ของฉัน', last_used_at: null });
    expect((await passkeysOf(m.token)).map((p) => p.name)).toEqual(['โทรศัพท์ของฉัน']);

    const auth = await authOptions();
    const res = await call(t.app, 'POST', '/member/v1/passkeys/authentication', {
      body: { challenge_id: auth.challenge_id, response: passkey.assert(auth.options) },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().data as {
      access_token: string;
      refresh_token: string;
      user: { email: string };
    };
    expect(result.user.email).toBe(m.email);
    // The refresh cookie of a sign-in, and an access token the member API takes.
    expect(res.cookies.some((c) => c.name === 'portal_rt' && c.value === result.refresh_token)).toBe(true);
    const me = await call(t.app, 'GET', '/member/v1/me', { token: result.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(m.email);
    expect((await passkeysOf(m.token))[0]!.last_used_at).not.toBeNull();
  });

  it('uses a challenge once: the same answer again is refused', async () => {
    const m = await newMember();
    const passkey = new SoftPasskey();
    expect((await addPasskey(m.token, passkey)).statusCode).toBe(200);
    const auth = await authOptions();
    const answer = passkey.assert(auth.options);
    const body = { challenge_id: auth.challenge_id, response: answer };
    expect((await call(t.app, 'POST', '/member/v1/passkeys/authentication', { body })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/member/v1/passkeys/authentication', { body });
    expect(again.statusCode).toBe(401);
    expect(again.json().status.error_code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an answer signed by another key and changes nothing', async () => {
    const m = await newMember();
    const passkey = new SoftPasskey();
    expect((await addPasskey(m.token, passkey)).statusCode).toBe(200);
    const auth = await authOptions();
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const res = await call(t.app, 'POST', '/member/v1/passkeys/authentication', {
      body: { challenge_id: auth.challenge_id, response: passkey.assert(auth.options, stranger) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: { error_code: 'INVALID_CREDENTIALS' }, data: null });
    expect(res.cookies.some((c) => c.name === 'portal_rt' && c.value)).toBe(false);
    expect((await passkeysOf(m.token))[0]!.last_used_at).toBeNull();
  });

  it('refuses a passkey made for another site and keeps nothing', async () => {
    const m = await newMember();
    const opts = expectData<Options>(
      await call(t.app, 'POST', '/member/v1/passkeys/registration-options', { token: m.token }),
    );
    const res = await call(t.app, 'POST', '/member/v1/passkeys/registration', {
      token: m.token,
      body: {
        challenge_id: opts.challenge_id,
        response: new SoftPasskey().attest(opts.options, {
          origin: 'https://evil.example',
          rp: 'evil.example',
        }),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().status.errors).toHaveProperty('response');
    expect(await passkeysOf(m.token)).toEqual([]);
  });

  it("removes a member's own passkey only; a removed passkey signs nobody in", async () => {
    const owner = await newMember();
    const other = await newMember();
    const passkey = new SoftPasskey();
    const id = expectData<{ id: number }>(await addPasskey(owner.token, passkey)).id;
    expect(
      (await call(t.app, 'DELETE', `/member/v1/passkeys/${id}`, { token: other.token })).statusCode,
    ).toBe(404);
    expect(await passkeysOf(owner.token)).toHaveLength(1);
    expect(
      (await call(t.app, 'DELETE', `/member/v1/passkeys/${id}`, { token: owner.token })).statusCode,
    ).toBe(200);
    expect(await passkeysOf(owner.token)).toEqual([]);
    const auth = await authOptions();
    const res = await call(t.app, 'POST', '/member/v1/passkeys/authentication', {
      body: { challenge_id: auth.challenge_id, response: passkey.assert(auth.options) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('asks for a signed-in member to add one, and for the app key to sign in', async () => {
    expect((await call(t.app, 'POST', '/member/v1/passkeys/registration-options')).statusCode).toBe(401);
    const noKey = await call(t.app, 'POST', '/member/v1/passkeys/authentication-options', { appKey: null });
    expect(noKey.statusCode).toBe(401);
  });
});

describe('the relying party', () => {
  it('is the public address host; a loopback address is "localhost" and takes both origins', () => {
    expect(relyingParty('https://portal.example.co.th')).toEqual({
      rpID: 'portal.example.co.th',
      origins: ['https://portal.example.co.th'],
    });
    expect(relyingParty('http://127.0.0.1:8080')).toEqual({
      rpID: 'localhost',
      origins: ['http://127.0.0.1:8080', 'http://localhost:8080'],
    });
  });
});
