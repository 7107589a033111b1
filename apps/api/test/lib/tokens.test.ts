import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../../src/lib/tokens';

const SECRET = 'unit-test-secret'.padEnd(48, 'x');
const claims = (userType: 'member' | 'admin', sessionId: string) => ({
  userId: 7,
  userType,
  clientId: 'portal-web',
  sessionId,
  suspension: 'none' as const,
});

describe('access tokens', () => {
  it('when a verified token is presented again then the same principal comes back (from the cache)', async () => {
    const signer = new TokenSigner(SECRET, 60, 60);
    const { token } = await signer.userToken(claims('member', 'family-1'));
    const before = Date.now();
    const first = await signer.verify(token);
    expect(first).toEqual({
      kind: 'user',
      userId: 7,
      userType: 'member',
      clientId: 'portal-web',
      sessionId: 'family-1',
      issuedAtMs: expect.any(Number),
      suspension: 'none',
    });
    expect(first && first !== 'expired' && first.kind === 'user' && first.issuedAtMs).toBeLessThanOrEqual(
      before,
    );
    expect(await signer.verify(token)).toEqual(first);
  });

  it('when a cached token expires then it is refused as expired', async () => {
    const signer = new TokenSigner(SECRET, 1, 1);
    const { token } = await signer.userToken(claims('member', 'family-1'));
    expect(await signer.verify(token)).not.toBe('expired');
    await new Promise((r) => setTimeout(r, 2100));
    expect(await signer.verify(token)).toBe('expired');
  });

  it('when a token is signed with another secret or tampered with then it is refused, cached or not', async () => {
    const mine = new TokenSigner(SECRET, 60, 60);
    const other = new TokenSigner('another-secret'.padEnd(48, 'y'), 60, 60);
    const { token } = await other.userToken(claims('admin', 'f'));
    expect(await mine.verify(token)).toBeNull();
    const good = (await mine.userToken(claims('member', 'f'))).token;
    await mine.verify(good);
    const [h, p, sig] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), ut: 'admin' })).toString('base64url')}.${sig}`;
    expect(await mine.verify(forged)).toBeNull();
  });
});
