import { stringify } from 'csv-stringify/sync';
import { bankByCode } from '@portal/contracts/banks';
import { HELD_FILE_COLUMNS, TRANSFER_FILE_COLUMNS, WHT_FILE_COLUMNS } from '@portal/contracts/engine';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { textCell, type CsvFile } from '../../../lib/csv';
import { heldLines, payoutRunOn, transferLines, whtLines } from './repository';

/** The CSV cell rule and file type live in lib/csv.ts (the shop's sales tax report writes CSV too). */
export { textCell, type CsvFile };

async function assertRun(db: Db, date: string) {
  if (!(await payoutRunOn(db, date))) throw notFound();
}

/**
 * The bank transfer file of a payout run (plan 6): one line per member paid, with the bank's
 * three-digit Bank of Thailand code, the account number (digits), the account name and the amount
 * transferred (net). No byte-order mark: bank upload systems read plain UTF-8.
 */
export async function transferFile(db: Db, date: string): Promise<CsvFile> {
  await assertRun(db, date);
  const lines = await transferLines(db, date);
  const body = stringify(
    lines.map((l) => [
      l.bank_code ? (bankByCode(l.bank_code)?.bot_code ?? l.bank_code) : '',
      l.account_no ?? '',
      textCell(l.account_name),
      l.net,
    ]),
    { header: true, columns: [...TRANSFER_FILE_COLUMNS], record_delimiter: 'windows' },
  );
  return { filename: `payout-${date}-transfer.csv`, body };
}

/**
 * The withholding tax list of a payout run: member code, name, identity number when known, gross
 * and WHT. With a byte-order mark, so spreadsheet programs read the Thai names as UTF-8.
 */
export async function whtFile(db: Db, date: string): Promise<CsvFile> {
  await assertRun(db, date);
  const lines = await whtLines(db, date);
  const body = stringify(
    lines.map((l) => [textCell(l.member_code), textCell(l.name), l.identity_number ?? '', l.gross, l.wht]),
    { header: true, columns: [...WHT_FILE_COLUMNS], record_delimiter: 'windows', bom: true },
  );
  return { filename: `payout-${date}-wht.csv`, body };
}

/**
 * The members a payout run held back (plan 6): member code, name, the WAITING gross that stays for a
 * later run, and the reason (NOT_PAYABLE, NO_BANK_ACCOUNT, NOTHING_TO_PAY, BELOW_MINIMUM). With a
 * byte-order mark, like the WHT list.
 */
export async function heldFile(db: Db, date: string): Promise<CsvFile> {
  await assertRun(db, date);
  const lines = await heldLines(db, date);
  const body = stringify(
    lines.map((l) => [textCell(l.member_code), textCell(l.name), l.gross, l.reason]),
    { header: true, columns: [...HELD_FILE_COLUMNS], record_delimiter: 'windows', bom: true },
  );
  return { filename: `payout-${date}-held.csv`, body };
}
