import { eq, or, sql } from 'drizzle-orm';
import type { User } from '@portal/contracts/identity';
import { type registerBody } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { users } from '../../../db/schema/identity';
import { members } from '../../../db/schema/network';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { invitationCode } from '../../../lib/random';
import { loadUser } from './repository';
import { pgError, UNIQUE_VIOLATION } from '../../../lib/sql';
import { recordRegistrationConsents } from '../consents/service';

type RegisterInput = z.output<typeof registerBody>;

/**
 * Which of the e-mail and mobile are taken, read in one statement so the two answers agree (two
 * separate reads around a racing registration could report only one of them). Soft-deleted users
 * count: the unique indexes keep their e-mail and mobile as well.
 */
async function takenFields(
  ctx: AppContext,
  email: string,
  mobile: string,
): Promise<Record<string, string[]>> {
  const rows = await ctx.db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.mobile, mobile)));
  const out: Record<string, string[]> = {};
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) out.email = [MSG.emailTaken];
  if (rows.some((r) => r.mobile === mobile)) out.mobile = [MSG.mobileTaken];
  return out;
}

function takenError(fields: Record<string, string[]>): AppError {
  const first = Object.values(fields)[0]?.[0] ?? MSG.emailTaken;
  return new AppError(422, 'VALIDATION_ERROR', first, fields);
}

/** The referrer is whoever owns the invitation code (member code or member UUID also accepted). */
export async function findReferrer(ctx: AppContext, code: string) {
  const value = code.trim();
  const [row] = await ctx.db
    .select({ member: members, user: users })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      sql`${users.deletedAt} is null and ${users.isActive} and (
        ${users.invitationCode} = ${value.toUpperCase()}
        or ${members.memberCode} = ${value.toUpperCase()}
        or ${members.memberUuid}::text = ${value.toLowerCase()})`,
    )
    .limit(1);
  return row ?? null;
}

/**
 * Creates the user, their (not yet placed) network member and the record of the terms and privacy
 * notice they accepted (versions in force, time, `ip`: decision 045) in one transaction. Two
 * identical registrations racing each other meet the unique indexes: one wins, the other gets "taken".
 */
export async function registerUser(
  ctx: AppContext,
  input: RegisterInput,
  meta: { createdBy?: number; ip: string | null },
): Promise<User> {
  const { createdBy } = meta;
  const fieldErrors: Record<string, string[]> = {};
  const referrer = await findReferrer(ctx, input.ref_uuid);
  if (!referrer) fieldErrors.ref_uuid = [MSG.invalidInvitation];
  Object.assign(fieldErrors, await takenFields(ctx, input.email, input.mobile));
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) {
    throw new AppError(422, referrer ? 'VALIDATION_ERROR' : 'INVALID_INVITATION_CODE', first, fieldErrors);
  }

  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            mobile: input.mobile,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            gender: input.gender,
            countryId: input.country_id,
            authenTypeDefault: input.authen_type_default,
            isSync: Boolean(input.is_sync),
            invitationCode: invitationCode(),
          })
          .returning({ id: users.id });
        if (!user) throw new Error('insert returned nothing');
        await tx.insert(members).values({
          userId: user.id,
          memberCode: sql`'M' || lpad(nextval('member_code_seq')::text, 7, '0')`,
          referrerMemberId: referrer!.member.id,
          createdBy: createdBy ?? null,
        });
        await recordRegistrationConsents(tx, user.id, meta.ip);
        return user.id;
      });
      const user = await loadUser(ctx.db, id);
      if (!user) throw new Error('registered user vanished');
      return user;
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code !== UNIQUE_VIOLATION) throw err;
      if (constraint === 'users_email_key' || constraint === 'users_mobile_key') {
        // Lost a race to an identical registration: answer as if it had come second.
        const taken = await takenFields(ctx, input.email, input.mobile);
        throw takenError(
          Object.keys(taken).length > 0
            ? taken
            : constraint === 'users_email_key'
              ? { email: [MSG.emailTaken] }
              : { mobile: [MSG.mobileTaken] },
        );
      }
      // an invitation-code collision: draw another code and try again
    }
  }
  throw new AppError(500, 'CREATE_ACCOUNT_FAILED', 'Create account unsuccessfully');
}
