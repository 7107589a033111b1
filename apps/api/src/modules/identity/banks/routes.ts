import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import { bankAccountSchema, bankSchema } from '@portal/contracts/profile';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { BANKS, bankByCode } from '@portal/contracts/banks';
import { lastPage, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { MSG } from '@portal/contracts/messages';
import { MAX_BANK_ACCOUNTS, bankAccountBody, bankAccountUpdateBody } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { bankAccounts } from '../../../db/schema/profile';
import { AppError } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { lockForMemberChange, refreshKyc } from '../kyc/service';
import { findOwnBank, listBanks, toBankAccount } from './repository';

const idParams = z.object({ id: bigintIdParam });
const notFound = () => new AppError(404, 'NOT_FOUND_DATA', MSG.notFound);
const approvedLocked = () => new AppError(409, 'CONFLICT', MSG.approvedLocked);

async function owner(db: Db | Tx, id: number) {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  if (!u) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  return u;
}

/** Merged banks (tmb, tcap) stay on old accounts but cannot be chosen anew. */
function assertSelectable(code: string) {
  if (!bankByCode(code)?.selectable)
    throw new AppError(422, 'VALIDATION_ERROR', MSG.bankMerged, { code: [MSG.bankMerged] });
}

export const bankRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** The 21 banks with their Bank of Thailand codes and names (also `BANKS` in contracts). */
    app.get(
      '/v1/banks',
      { config: { access: 'public' }, schema: { response: { 200: envelopeOf(z.array(bankSchema)) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return envelope([...BANKS]);
      },
    );

    app.get(
      '/v1/me/banks',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { querystring: pageQuery(100), response: { 200: envelopeOf(pageOf(bankAccountSchema)) } },
      },
      async (request) => {
        const uid = userId(request);
        const { page, per_page } = request.query;
        const [rows, who] = await Promise.all([listBanks(ctx.db, uid), owner(ctx.db, uid)]);
        return envelope({
          items: rows.slice((page - 1) * per_page, page * per_page).map((r) => toBankAccount(r, who)),
          pagination: { page, per_page, total: rows.length, last_page: lastPage(rows.length, per_page) },
        });
      },
    );

    app.post(
      '/v1/me/banks',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { body: bankAccountBody, response: { 201: envelopeOf(bankAccountSchema) } },
      },
      async (request, reply) => {
        const uid = userId(request);
        const b = request.body;
        assertSelectable(b.code);
        const row = await ctx.db.transaction(async (tx) => {
          await lockForMemberChange(tx, uid);
          const [{ n } = { n: 0 }] = await tx
            .select({ n: count() })
            .from(bankAccounts)
            .where(eq(bankAccounts.userId, uid));
          if (n >= MAX_BANK_ACCOUNTS) throw new AppError(422, 'VALIDATION_ERROR', MSG.tooMany);
          const [created] = await tx
            .insert(bankAccounts)
            .values({
              userId: uid,
              bankCode: b.code,
              accountNo: b.account_no,
              accountName: b.account_name,
              accountType: b.type,
              branch: b.branch ?? null,
            })
            .returning();
          await refreshKyc(tx, uid);
          return created!;
        });
        return reply.code(201).send(envelope(toBankAccount(row, await owner(ctx.db, uid)), 201));
      },
    );

    app.get(
      '/v1/me/banks/:id',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { params: idParams, response: { 200: envelopeOf(bankAccountSchema) } },
      },
      async (request) => {
        const uid = userId(request);
        const row = await findOwnBank(ctx.db, uid, request.params.id);
        if (!row) throw notFound();
        return envelope(toBankAccount(row, await owner(ctx.db, uid)));
      },
    );

    app.put(
      '/v1/me/banks/:id',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: {
          params: idParams,
          body: bankAccountUpdateBody,
          response: { 200: envelopeOf(bankAccountSchema) },
        },
      },
      async (request) => {
        const uid = userId(request);
        const b = request.body;
        if (!(await findOwnBank(ctx.db, uid, request.params.id))) throw notFound();
        const row = await ctx.db.transaction(async (tx) => {
          // The KYC lock first, always: staff decisions take it before touching bank rows.
          await lockForMemberChange(tx, uid);
          const current = await findOwnBank(tx, uid, request.params.id, true);
          if (!current) throw notFound();
          if (current.status === 'success') throw approvedLocked();
          if (b.code !== undefined && b.code !== current.bankCode) assertSelectable(b.code);
          const changedForReview =
            (b.code ?? current.bankCode) !== current.bankCode ||
            (b.account_no ?? current.accountNo) !== current.accountNo;
          const [updated] = await tx
            .update(bankAccounts)
            .set({
              ...(b.code !== undefined ? { bankCode: b.code } : {}),
              ...(b.account_no !== undefined ? { accountNo: b.account_no } : {}),
              ...(b.account_name !== undefined ? { accountName: b.account_name } : {}),
              ...(b.type !== undefined ? { accountType: b.type } : {}),
              ...(b.branch !== undefined ? { branch: b.branch } : {}),
              // A rejected account that is corrected is a new one to review.
              ...(current.status === 'fail' && (changedForReview || b.account_name !== undefined)
                ? { status: 'draft', reason: null }
                : {}),
              updatedAt: new Date(),
            })
            .where(eq(bankAccounts.id, current.id))
            .returning();
          await refreshKyc(tx, uid);
          return updated!;
        });
        return envelope(toBankAccount(row, await owner(ctx.db, uid)));
      },
    );

    app.delete(
      '/v1/me/banks/:id',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { params: idParams, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const uid = userId(request);
        if (!(await findOwnBank(ctx.db, uid, request.params.id))) throw notFound();
        await ctx.db.transaction(async (tx) => {
          // The KYC lock first, always: staff decisions take it before touching bank rows.
          await lockForMemberChange(tx, uid);
          const current = await findOwnBank(tx, uid, request.params.id, true);
          if (!current) throw notFound();
          if (current.status === 'success') throw approvedLocked();
          await tx.delete(bankAccounts).where(eq(bankAccounts.id, current.id));
          await refreshKyc(tx, uid);
        });
        return envelope(null);
      },
    );
  };
