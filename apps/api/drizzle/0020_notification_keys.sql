-- Notifications the engine writes (a payout paid, a title reached, a hold lot near its deadline, an
-- order canceled) carry the event's natural key, so a closing or payout run again never notifies twice.
ALTER TABLE "notifications" ADD COLUMN "natural_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_natural_key" ON "notifications" USING btree ("natural_key");
