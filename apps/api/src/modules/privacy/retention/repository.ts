import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';

/**
 * The retention job's SQL (decision 044): each statement touches closed accounts only and only what
 * has passed the boundary it is given; each answers how many rows it changed, and running it again
 * changes nothing.
 */

const closed = sql`(select id from users where closed_at is not null)`;
const ERASED_NAME = 'บัญชีที่ปิดแล้ว';

/** A closed account's documents that outlived the closure (a safety net): their rows, and the keys to delete. */
export async function deleteClosedDocuments(tx: Tx): Promise<string[]> {
  const { rows } = await tx.execute<{ key: string }>(sql`
    delete from documents where user_id in ${closed} returning storage_key as key`);
  return rows.map((r) => r.key);
}

/** Consents and staff's views of documents of accounts closed before `before`. */
export async function deleteClaimsRecords(tx: Tx, before: Date) {
  const owners = sql`(select id from users where closed_at < ${before})`;
  const views = await tx.execute(sql`delete from document_views where owner_user_id in ${owners}`);
  const consents = await tx.execute(sql`delete from consents where user_id in ${owners}`);
  return { documentViews: views.rowCount ?? 0, consents: consents.rowCount ?? 0 };
}

/**
 * Closed accounts' tax documents dated before `before`: the buyer keeps the shape of its fields with
 * the name replaced and every other field (tax id, address, branch) null; the rendered PDFs, which
 * print them, are deleted. Numbers, dates and amounts stay (the ledger and the serial numbers).
 */
export async function anonymiseTaxDocuments(tx: Tx, before: string) {
  const docs = sql`(select d.id from tax_documents d join shop_orders s on s.order_id = d.order_id
    where s.buyer_user_id in ${closed} and d.issued_date < ${before}::date)`;
  const pdfs = await tx.execute(sql`delete from tax_document_pdfs where document_id in ${docs}`);
  const buyers = await tx.execute(sql`
    update tax_documents d set buyer = (
      select jsonb_object_agg(k, case when k = 'name' then to_jsonb(${ERASED_NAME}::text) else 'null'::jsonb end)
      from jsonb_each(d.buyer) as e(k, v))
    where d.id in ${docs}
      and d.buyer <> (select jsonb_object_agg(k, case when k = 'name' then to_jsonb(${ERASED_NAME}::text) else 'null'::jsonb end)
        from jsonb_each(d.buyer) as e(k, v))`);
  return { taxPdfs: pdfs.rowCount ?? 0, taxBuyers: buyers.rowCount ?? 0 };
}

/** Closed members' withholding-tax certificates (name, ID number, address) of tax years up to `lastYear`. */
export async function deleteWhtCertificates(tx: Tx, lastYear: number): Promise<number> {
  const res = await tx.execute(sql`
    delete from wht_certificates where year <= ${lastYear}
      and member_id in (select id from members where user_id in ${closed})`);
  return res.rowCount ?? 0;
}

/** The closure's notices, once delivered or given up: their recipient (the erased contact) goes. */
export async function eraseClosureRecipients(tx: Tx): Promise<number> {
  const res = await tx.execute(sql`
    update message_outbox set recipient = 'erased', updated_at = now()
    where purpose = 'account-closed' and state in ('sent','failed') and recipient <> 'erased'`);
  return res.rowCount ?? 0;
}
