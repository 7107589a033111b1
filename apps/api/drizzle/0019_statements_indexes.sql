-- The member's hold lots (GET /hold_point, newest first) are read by member, and the member's
-- canceled orders (GET /report/canceled_order) by member and cancel date, newest first: neither
-- reads another member's rows.
CREATE INDEX IF NOT EXISTS "hold_lots_member_idx" ON "hold_lots" USING btree ("member_id", "created_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_member_canceled_idx" ON "orders" USING btree ("member_id", "canceled_date", "id") WHERE "canceled_date" IS NOT NULL;
