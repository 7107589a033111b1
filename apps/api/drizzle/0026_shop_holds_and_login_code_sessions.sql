-- Issue 19, items 3 and 5. An unpaid order holds its units for a window that fits its payment kind
-- (window_ends_at: the full window a transfer slip extends expires_at to); unpaid orders are capped per
-- client address (client_address); the shop's one-time login code is bound to the session that asked for
-- it. Codes live 60 s: those issued before this migration are simply dropped.
DELETE FROM "shop_login_codes";--> statement-breakpoint
ALTER TABLE "shop_login_codes" ADD COLUMN "session_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD COLUMN "window_ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "shop_payments" SET "window_ends_at" = "expires_at" WHERE "expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_payments_open_idx" ON "shop_payments" USING btree ("expires_at") WHERE "shop_payments"."state" in ('pending','submitted','rejected');
