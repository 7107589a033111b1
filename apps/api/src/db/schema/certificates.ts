import { customType, date, integer, pgTable, primaryKey, text, bigint } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { members } from './network';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Withholding-tax certificates (form 50 ทวิ) as rendered, one per member and year (issue 19): a
 * certificate is rendered once and served from here while the statement it was made from is the
 * same (`fingerprint`); a reversal into that year, or anything else that changes the statement,
 * makes the next request render it again.
 */
export const whtCertificates = pgTable(
  'wht_certificates',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    year: integer('year').notNull(),
    fingerprint: text('fingerprint').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.year] })],
);
