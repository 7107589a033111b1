import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';

/**
 * The member's records for their copy (PDPA section 30; decision 044), each table's rows as JSON
 * with every column the portal keeps, less what is a secret of the portal's rather than the
 * member's data (password hash, token hashes) and the storage keys (the files come beside them).
 * One repeatable-read transaction, so the parts agree with each other.
 */
const rows = async (db: Db | Tx, query: SQL): Promise<unknown[]> => {
  const { rows } = await db.execute<{ data: unknown[] }>(
    sql`select coalesce(jsonb_agg(r.j order by r.k), '[]'::jsonb) as data from (${query}) r`,
  );
  return rows[0]?.data ?? [];
};

export interface ExportRecords {
  account: unknown;
  membership: unknown;
  addresses: unknown[];
  bank_accounts: unknown[];
  documents: unknown[];
  kyc: unknown;
  kyc_history: unknown[];
  orders: unknown[];
  tax_documents: unknown[];
  income_lines: unknown[];
  payouts: unknown[];
  notifications: unknown[];
  sessions: unknown[];
  devices: unknown[];
  closure_requests: unknown[];
}

export interface ExportFiles {
  documents: { id: number; storageKey: string; fileName: string; mimeType: string }[];
  avatar: string | null;
}

export async function exportRecords(
  db: Db,
  userId: number,
): Promise<{ records: ExportRecords; files: ExportFiles } | null> {
  return db.transaction(
    async (tx) => {
      const member = sql`(select id from members where user_id = ${userId})`;
      const [account] = await rows(
        tx,
        sql`select u.id as k, to_jsonb(u) - 'password_hash' - 'search_text' - 'tokens_valid_after' - 'is_sync'
              - 'avatar_original' - 'avatar_thumbnail' as j
            from users u where u.id = ${userId}`,
      );
      if (!account) return null;
      const [membership] = await rows(
        tx,
        sql`select m.id as k, jsonb_build_object(
              'member_code', m.member_code, 'member_uuid', m.member_uuid,
              'referrer_member_code', r.member_code, 'placement_parent_member_code', p.member_code,
              'side', m.side, 'placed_at', m.placed_at, 'package', m.package, 'business_title', m.business_title,
              'expiry_date', m.expiry_date, 'left_team', m.left_team, 'right_team', m.right_team, 'point', m.point,
              'is_active', m.is_active, 'created_at', m.created_at) as j
            from members m left join members r on r.id = m.referrer_member_id
              left join members p on p.id = m.placement_parent_id
            where m.user_id = ${userId}`,
      );
      const records: ExportRecords = {
        account,
        membership: membership ?? null,
        addresses: await rows(
          tx,
          sql`select a.id as k, to_jsonb(a) as j from addresses a where a.user_id = ${userId}`,
        ),
        bank_accounts: await rows(
          tx,
          sql`select b.id as k, to_jsonb(b) as j from bank_accounts b where b.user_id = ${userId}`,
        ),
        documents: await rows(
          tx,
          sql`select d.id as k, to_jsonb(d) - 'storage_key' as j from documents d where d.user_id = ${userId}`,
        ),
        kyc:
          (
            await rows(
              tx,
              sql`select 1 as k, to_jsonb(k) as j from member_kyc k where k.member_id = ${member}`,
            )
          )[0] ?? null,
        kyc_history: await rows(
          tx,
          sql`select a.id as k, to_jsonb(a) - 'actor_user_id' as j from kyc_audit a where a.member_id = ${member}`,
        ),
        // Their own orders; a guest's name and contact on their community shop's orders are the
        // guest's data, not theirs (section 30 paragraph two: the rights of others).
        orders: await rows(
          tx,
          sql`select o.id as k, to_jsonb(o) || jsonb_build_object(
                'channel', s.channel, 'delivery_method', s.delivery_method,
                'shipping_address', case when s.buyer_user_id = ${userId} then s.shipping_address end,
                'payment_method', s.payment_method, 'tracking_no', s.tracking_no, 'carrier', s.carrier,
                'shipped_at', s.shipped_at, 'delivered_at', s.delivered_at,
                'items', (select coalesce(jsonb_agg(to_jsonb(i) order by i.line_no), '[]'::jsonb)
                          from order_items i where i.order_id = o.id)) as j
              from orders o left join shop_orders s on s.order_id = o.id
              where o.member_id = ${member} or s.buyer_user_id = ${userId}`,
        ),
        tax_documents: await rows(
          tx,
          sql`select d.id as k, to_jsonb(d) as j from tax_documents d
              where d.order_id in (select o.id from orders o left join shop_orders s on s.order_id = o.id
                                   where (o.member_id = ${member} and (s.buyer_user_id is null or s.buyer_user_id = ${userId}))
                                      or s.buyer_user_id = ${userId})`,
        ),
        income_lines: await rows(
          tx,
          sql`select l.id as k, to_jsonb(l) as j from income_lines l where l.member_id = ${member}`,
        ),
        payouts: await rows(
          tx,
          sql`select p.id as k, to_jsonb(p) as j from payouts p where p.member_id = ${member}`,
        ),
        notifications: await rows(
          tx,
          sql`select n.id as k, to_jsonb(n) - 'natural_key' as j from notifications n where n.user_id = ${userId}`,
        ),
        sessions: await rows(
          tx,
          sql`select t.id as k, to_jsonb(t) - 'token_hash' as j from refresh_tokens t where t.user_id = ${userId}`,
        ),
        devices: await rows(
          tx,
          sql`select d.created_at as k, to_jsonb(d) - 'token_hash' - 'user_id' as j
              from known_devices d where d.user_id = ${userId}`,
        ),
        closure_requests: await rows(
          tx,
          sql`select c.id as k, to_jsonb(c) - 'decided_by' as j from closure_requests c where c.user_id = ${userId}`,
        ),
      };
      const { rows: docs } = await tx.execute<{
        id: number;
        storage_key: string;
        file_name: string;
        mime_type: string;
      }>(
        sql`select id, storage_key, file_name, mime_type from documents where user_id = ${userId} order by id`,
      );
      const { rows: avatar } = await tx.execute<{ key: string | null }>(
        sql`select avatar_original as key from users where id = ${userId}`,
      );
      return {
        records,
        files: {
          documents: docs.map((d) => ({
            id: Number(d.id),
            storageKey: d.storage_key,
            fileName: d.file_name,
            mimeType: d.mime_type,
          })),
          avatar: avatar[0]?.key ?? null,
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
