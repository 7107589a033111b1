import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import type { UserType } from '@portal/contracts/identity';

/**
 * What a user's suspension lets them reach (decision 012): `none` is not suspended; `kyc` is
 * suspended for missing KYC (may also finish it); `other` is any other suspension.
 */
export type Suspension = 'none' | 'kyc' | 'other';
const SUSPENSIONS: readonly Suspension[] = ['none', 'kyc', 'other'];

export type Principal =
  | {
      kind: 'user';
      userId: number;
      userType: UserType;
      clientId: string;
      sessionId: string;
      /** When the token was issued, in milliseconds (a revocation cuts at a moment). */
      issuedAtMs: number;
      suspension: Suspension;
    }
  | { kind: 'app'; clientId: string; scopes: string[] };

export interface UserClaims {
  userId: number;
  userType: UserType;
  clientId: string;
  /** The refresh-token family of the sign-in, so a session can be told from the others. */
  sessionId: string;
  suspension: Suspension;
}

const ISSUER = 'member-portal';

/** Short-lived access tokens, accepted by all three services (one secret, one issuer). */
export class TokenSigner {
  private key: Uint8Array;
  constructor(
    secret: string,
    private accessTtl: number,
    private appTtl: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * The user's standing travels in the token: whatever changes it (a suspension, its end) revokes
   * the user's access tokens, and the refresh that follows reads the new standing.
   */
  async userToken(c: UserClaims) {
    const token = await new SignJWT({
      typ: 'user',
      ut: c.userType,
      cid: c.clientId,
      sid: c.sessionId,
      iam: Date.now(),
      sus: c.suspension,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtl}s`)
      .sign(this.key);
    return { token, expiresIn: this.accessTtl };
  }

  async appToken(clientId: string, scopes: string[]) {
    const token = await new SignJWT({ typ: 'app', scope: scopes.join(' ') })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(clientId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.appTtl}s`)
      .sign(this.key);
    return { token, expiresIn: this.appTtl };
  }

  /**
   * Verified tokens, remembered until they expire: a token cannot change, and checking its
   * signature again on every request is most of the cost of a light call like /me.
   */
  private verified = new Map<string, { principal: Principal; expiresAt: number }>();
  private static readonly CACHE_SIZE = 10_000;

  /** Returns the principal, 'expired', or null for anything not ours. */
  async verify(token: string): Promise<Principal | 'expired' | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.principal;
      this.verified.delete(token);
      return 'expired';
    }
    const result = await this.verifyUncached(token);
    if (result && result !== 'expired') {
      const exp = decodeJwt(token).exp;
      if (exp) {
        // Oldest first out: a Map iterates in insertion order.
        if (this.verified.size >= TokenSigner.CACHE_SIZE)
          this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { principal: result, expiresAt: exp * 1000 });
      }
    }
    return result;
  }

  private async verifyUncached(token: string): Promise<Principal | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.typ === 'user' && payload.sub) {
        // A token without its standing or issue time is from before they were carried: not ours now.
        const suspension = SUSPENSIONS.find((s) => s === payload.sus);
        if (!suspension || typeof payload.iam !== 'number' || typeof payload.sid !== 'string') return null;
        return {
          kind: 'user',
          userId: Number(payload.sub),
          userType: (payload.ut as UserType) ?? 'member',
          clientId: String(payload.cid ?? ''),
          sessionId: payload.sid,
          issuedAtMs: payload.iam,
          suspension,
        };
      }
      if (payload.typ === 'app' && payload.sub) {
        return {
          kind: 'app',
          clientId: payload.sub,
          scopes: String(payload.scope ?? '')
            .split(' ')
            .filter(Boolean),
        };
      }
      return null;
    } catch (err) {
      return err instanceof joseErrors.JWTExpired ? 'expired' : null;
    }
  }
}
