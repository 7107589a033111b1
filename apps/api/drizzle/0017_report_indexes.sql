-- The member's reports (modules/network/reports): each call reads one member's rows of a date range.
-- Not in the drizzle schema (like members_code_trgm_idx): drizzle-kit neither writes nor drops them.
-- Orders are listed on their business date: the payment's, else the cancellation's, else the day placed.
CREATE INDEX IF NOT EXISTS "orders_member_order_date_idx" ON "orders" USING btree
  ("member_id", (coalesce("paid_date", "canceled_date", ("created_at" at time zone 'Asia/Bangkok')::date)));
--> statement-breakpoint
-- One income type of one member, by date (referrer, cashback, MTA, dropship lists and summaries).
CREATE INDEX IF NOT EXISTS "income_lines_member_type_idx" ON "income_lines" USING btree ("member_id", "type", "income_date");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payouts_member_idx" ON "payouts" USING btree ("member_id", "run_date");
