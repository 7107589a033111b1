-- A member's standing (compensation/standing.ts) is read at every payment and cancellation: the
-- package in force (the member's PACKAGE and UPGRADE orders) and the expiry replay (personal postings
-- whose source was not reversed). Without these the package read filtered every order of the member,
-- and the reversal check scanned the member's postings once per posting (quadratic in their history).
CREATE INDEX IF NOT EXISTS "orders_member_package_idx" ON "orders" USING btree ("member_id", "paid_date") WHERE "order_type" IN ('PACKAGE', 'UPGRADE');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "volume_postings_reversal_idx" ON "volume_postings" USING btree ("member_id", "source") WHERE "kind" = 'REVERSAL';
