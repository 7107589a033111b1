import type { z } from 'zod';
import type { changePasswordBody } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { NOTICES, notify } from '../notifications/notify';
import { endSessions } from '../session/access';
import { liftCeiling } from '../session/ceiling';
import { revokeUserSessions } from '../session/refresh-tokens';
import { passwordHashOf, setPassword } from '../users/repository';

/** A new password after the current one is checked; this session stays, every other one ends. */
export async function changePassword(
  ctx: AppContext,
  id: number,
  keepSessionId: string | undefined,
  body: z.output<typeof changePasswordBody>,
) {
  const current = await passwordHashOf(ctx.db, id);
  if (current === null) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  await ctx.limits.changePassword.hit(`user:${id}`);
  if (!(await verifyPassword(current, body.current_password))) {
    throw new AppError(422, 'CHANGE_PASSWORD_FAILED', MSG.currentPasswordWrong, {
      current_password: [MSG.currentPasswordWrong],
    });
  }
  const passwordHash = await hashPassword(body.password);
  const ended = await ctx.db.transaction(async (tx) => {
    await setPassword(tx, id, passwordHash);
    await liftCeiling(tx, id);
    const families = await revokeUserSessions(tx, id, keepSessionId);
    await notify(tx, id, NOTICES.passwordChanged());
    return families;
  });
  await endSessions(ctx, ended);
}
