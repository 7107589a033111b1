-- The report lists page newest first with the id breaking ties: many rows of one member may share a
-- date (every package paid the same day), and an index that ends with the date alone makes a page
-- read all of that day's rows to sort them. The members a member referred who hold a package are
-- counted for the next title (report/business_title/history) from the index alone.
DROP INDEX IF EXISTS "income_lines_member_type_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "income_lines_member_type_idx" ON "income_lines" USING btree ("member_id", "type", "income_date", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_member_order_date_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_member_order_date_idx" ON "orders" USING btree
  ("member_id", (coalesce("paid_date", "canceled_date", ("created_at" at time zone 'Asia/Bangkok')::date)), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_referrer_packaged_idx" ON "members" USING btree ("referrer_member_id")
  WHERE "package" IS NOT NULL;
