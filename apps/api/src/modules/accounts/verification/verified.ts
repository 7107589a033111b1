import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { NOTICES, notify } from '../notifications/notify';

/** Sets the channel's flag; the first verified channel makes the account usable and says welcome. */
export async function markChannelVerified(tx: Tx, userId: number, channel: 'sms' | 'email'): Promise<void> {
  const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before) return;
  const now = new Date();
  await tx
    .update(users)
    .set(
      channel === 'sms'
        ? { isVerifiesMobile: true, mobileVerifiedAt: before.mobileVerifiedAt ?? now, updatedAt: now }
        : { isVerifiesEmail: true, emailVerifiedAt: before.emailVerifiedAt ?? now, updatedAt: now },
    )
    .where(eq(users.id, userId));
  if (!before.isVerifiesEmail && !before.isVerifiesMobile) {
    await notify(tx, userId, NOTICES.welcome(before.firstName));
  }
}
