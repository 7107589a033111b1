ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || mobile || ' ' || email)) STORED;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "depth" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "jump_id" bigint;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "left_points" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "right_points" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_jump_id_members_id_fk" FOREIGN KEY ("jump_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_waiting_idx" ON "members" USING btree ("referrer_member_id") WHERE "members"."depth" is null;--> statement-breakpoint
CREATE INDEX "members_placed_at_idx" ON "members" USING btree ("placed_at");