import { hash, verify } from '@node-rs/argon2';

// argon2id, OWASP's second recommended profile (19 MiB, t=2, p=1).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Checked when the account does not exist, so a wrong e-mail costs the same time as a wrong password.
 */
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummy, password);
}
