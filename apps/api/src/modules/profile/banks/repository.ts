import { and, asc, count, eq } from 'drizzle-orm';
import { bankByCode, groupAccountNo } from '@portal/contracts/banks';
import type { BankAccount } from '@portal/contracts/profile';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { bankAccounts } from '../../../db/schema/profile';
import { reasonFields } from '../kyc/reasons';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

const TITLES = /^(นาย|นางสาว|นาง|น\.ส\.|ด\.ช\.|ด\.ญ\.|เด็กชาย|เด็กหญิง|mr|mrs|ms|miss|dr)\.?\s+/i;

/** A name for comparison: no title, no spaces or punctuation, one Unicode form, lower case. */
export function comparableName(name: string): string {
  return name
    .normalize('NFC')
    .trim()
    .replace(TITLES, '')
    .replace(/[\s.\-'’,()]/g, '')
    .toLowerCase();
}

/** Does the account name name the member? Titles, spacing and case do not count. */
export function nameMatches(accountName: string, firstName: string, lastName: string): boolean {
  const account = comparableName(accountName);
  const member = comparableName(`${firstName} ${lastName}`);
  return account.length > 0 && (account === member || account === comparableName(`${lastName} ${firstName}`));
}

export function toBankAccount(
  b: BankAccountRow,
  owner: { firstName: string; lastName: string },
): BankAccount {
  const bank = bankByCode(b.bankCode)!;
  return {
    id: b.id,
    code: bank.code,
    bank,
    account_name: b.accountName,
    account_no: b.accountNo,
    account_no_display: groupAccountNo(b.accountNo),
    type: b.accountType as BankAccount['type'],
    branch: b.branch,
    status: b.status as BankAccount['status'],
    reason: b.reason,
    ...reasonFields(b.reason),
    name_matches: nameMatches(b.accountName, owner.firstName, owner.lastName),
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    reviewed_at: b.reviewedAt ? b.reviewedAt.toISOString() : null,
  };
}

export async function findOwnBank(
  db: Db | Tx,
  userId: number,
  id: number,
  lock = false,
): Promise<BankAccountRow | null> {
  const q = db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function listBanks(db: Db | Tx, userId: number): Promise<BankAccountRow[]> {
  return db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(asc(bankAccounts.id));
}

export type BankAccountInsert = typeof bankAccounts.$inferInsert;

/** The account holder's name as the member row has it (for the name check), or null. */
export async function ownerName(db: Db | Tx, userId: number) {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

export async function countOwnBanks(tx: Tx, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId));
  return n;
}

export async function insertBank(tx: Tx, values: BankAccountInsert): Promise<BankAccountRow> {
  const [created] = await tx.insert(bankAccounts).values(values).returning();
  return created!;
}

export async function updateBank(
  tx: Tx,
  id: number,
  values: Partial<BankAccountInsert>,
): Promise<BankAccountRow> {
  const [updated] = await tx
    .update(bankAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bankAccounts.id, id))
    .returning();
  return updated!;
}

export async function deleteBank(tx: Tx, id: number) {
  await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
}
