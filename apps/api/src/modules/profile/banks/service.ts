import type { z } from 'zod';
import { bankByCode } from '@portal/contracts/banks';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  MAX_BANK_ACCOUNTS,
  type BankAccount,
  type bankAccountBody,
  type bankAccountUpdateBody,
} from '@portal/contracts/profile';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { lockForMemberChange, refreshKyc } from '../kyc/service';
import {
  countOwnBanks,
  deleteBank,
  findOwnBank,
  insertBank,
  listBanks,
  ownerName,
  toBankAccount,
  updateBank,
  type BankAccountRow,
} from './repository';

/**
 * The member's bank accounts: at most MAX_BANK_ACCOUNTS, part of the KYC (a change sends it back to
 * be checked), an approved account locked, a rejected one that is corrected reviewed anew. Every
 * change takes the member's KYC lock first, as staff decisions do before touching bank rows.
 */
const notFound = () => new AppError(404, 'NOT_FOUND_DATA', MSG.notFound);
const approvedLocked = () => new AppError(409, 'CONFLICT', MSG.approvedLocked);

async function owner(db: Db | Tx, userId: number) {
  const u = await ownerName(db, userId);
  if (!u) throw new AppError(401, 'UNAUTHENTICATED', MSG.unauthenticated);
  return u;
}

/** Merged banks (tmb, tcap) stay on old accounts but cannot be chosen anew. */
function assertSelectable(code: string) {
  if (!bankByCode(code)?.selectable)
    throw new AppError(422, 'VALIDATION_ERROR', MSG.bankMerged, { code: [MSG.bankMerged] });
}

const answer = async (db: Db, userId: number, row: BankAccountRow) =>
  toBankAccount(row, await owner(db, userId));

export async function myBanks(
  db: Db,
  userId: number,
  query: { page: number; per_page: number },
): Promise<Page<BankAccount>> {
  const { page, per_page } = query;
  const [rows, who] = await Promise.all([listBanks(db, userId), owner(db, userId)]);
  return pageAnswer(
    rows.slice((page - 1) * per_page, page * per_page).map((r) => toBankAccount(r, who)),
    rows.length,
    query,
  );
}

export async function myBank(db: Db, userId: number, id: number): Promise<BankAccount> {
  const row = await findOwnBank(db, userId, id);
  if (!row) throw notFound();
  return answer(db, userId, row);
}

export async function addBank(
  db: Db,
  userId: number,
  b: z.output<typeof bankAccountBody>,
): Promise<BankAccount> {
  assertSelectable(b.code);
  const row = await db.transaction(async (tx) => {
    await lockForMemberChange(tx, userId);
    if ((await countOwnBanks(tx, userId)) >= MAX_BANK_ACCOUNTS)
      throw new AppError(422, 'VALIDATION_ERROR', MSG.tooMany);
    const created = await insertBank(tx, {
      userId,
      bankCode: b.code,
      accountNo: b.account_no,
      accountName: b.account_name,
      accountType: b.type,
      branch: b.branch ?? null,
    });
    await refreshKyc(tx, userId);
    return created;
  });
  return answer(db, userId, row);
}

export async function changeBank(
  db: Db,
  userId: number,
  id: number,
  b: z.output<typeof bankAccountUpdateBody>,
): Promise<BankAccount> {
  if (!(await findOwnBank(db, userId, id))) throw notFound();
  const row = await db.transaction(async (tx) => {
    // The KYC lock first, always: staff decisions take it before touching bank rows.
    await lockForMemberChange(tx, userId);
    const current = await findOwnBank(tx, userId, id, true);
    if (!current) throw notFound();
    if (current.status === 'success') throw approvedLocked();
    if (b.code !== undefined && b.code !== current.bankCode) assertSelectable(b.code);
    const changedForReview =
      (b.code ?? current.bankCode) !== current.bankCode ||
      (b.account_no ?? current.accountNo) !== current.accountNo;
    const updated = await updateBank(tx, current.id, {
      ...(b.code !== undefined ? { bankCode: b.code } : {}),
      ...(b.account_no !== undefined ? { accountNo: b.account_no } : {}),
      ...(b.account_name !== undefined ? { accountName: b.account_name } : {}),
      ...(b.type !== undefined ? { accountType: b.type } : {}),
      ...(b.branch !== undefined ? { branch: b.branch } : {}),
      // A rejected account that is corrected is a new one to review.
      ...(current.status === 'fail' && (changedForReview || b.account_name !== undefined)
        ? { status: 'draft', reason: null }
        : {}),
    });
    await refreshKyc(tx, userId);
    return updated;
  });
  return answer(db, userId, row);
}

export async function removeBank(db: Db, userId: number, id: number): Promise<void> {
  if (!(await findOwnBank(db, userId, id))) throw notFound();
  await db.transaction(async (tx) => {
    // The KYC lock first, always: staff decisions take it before touching bank rows.
    await lockForMemberChange(tx, userId);
    const current = await findOwnBank(tx, userId, id, true);
    if (!current) throw notFound();
    if (current.status === 'success') throw approvedLocked();
    await deleteBank(tx, current.id);
    await refreshKyc(tx, userId);
  });
}
