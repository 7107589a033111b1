import { SignJWT, decodeJwt, jwtVerify, errors as joseErrors } from 'jose';
import type { UserType } from '@portal/contracts/identity';

export type Principal =
  | { kind: 'user'; userId: number; userType: UserType; clientId: string; sessionId: string }
  | { kind: 'app'; clientId: string; scopes: string[] };

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

  /** `sessionId` is the refresh-token family of the sign-in, so a session can be told from the others. */
  async userToken(userId: number, userType: UserType, clientId: string, sessionId: string) {
    const token = await new SignJWT({ typ: 'user', ut: userType, cid: clientId, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
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
        return {
          kind: 'user',
          userId: Number(payload.sub),
          userType: (payload.ut as UserType) ?? 'member',
          clientId: String(payload.cid ?? ''),
          sessionId: String(payload.sid ?? ''),
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
