CREATE TABLE "closing_rows" (
	"member_id" bigint NOT NULL,
	"closing_date" date NOT NULL,
	"carry_in_left" bigint NOT NULL,
	"carry_in_right" bigint NOT NULL,
	"new_left" bigint NOT NULL,
	"new_right" bigint NOT NULL,
	"cycles" integer NOT NULL,
	"package_code" text,
	"cycle_value" integer NOT NULL,
	"income_percent" numeric(6, 4) NOT NULL,
	"max_income_per_day" numeric(14, 2) NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) NOT NULL,
	"flushed" numeric(14, 2) NOT NULL,
	"point_part" numeric(14, 2) NOT NULL,
	"cash_part" numeric(14, 2) NOT NULL,
	"carry_out_left" bigint NOT NULL,
	"carry_out_right" bigint NOT NULL,
	"qualified" boolean NOT NULL,
	"reason" text,
	"plan_version" integer NOT NULL,
	CONSTRAINT "closing_rows_member_id_closing_date_pk" PRIMARY KEY("member_id","closing_date")
);
--> statement-breakpoint
CREATE TABLE "engine_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"business_date" date NOT NULL,
	"plan_version" integer NOT NULL,
	"status" text NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "engine_runs_type_check" CHECK ("engine_runs"."type" in ('DAILY','MTA','HOLD_DEADLINE','PAYOUT'))
);
--> statement-breakpoint
CREATE TABLE "hold_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"pv_total" integer NOT NULL,
	"created_date" date NOT NULL,
	"deadline" date NOT NULL,
	"canceled_date" date,
	"repurchase" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hold_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lot_id" bigint NOT NULL,
	"release_date" date NOT NULL,
	"pv" integer NOT NULL,
	"target" text NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_releases_target_check" CHECK ("hold_releases"."target" in ('SELF','LEFT','RIGHT')),
	CONSTRAINT "hold_releases_pv_check" CHECK ("hold_releases"."pv" > 0)
);
--> statement-breakpoint
CREATE TABLE "income_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"order_id" bigint,
	"order_item_id" bigint,
	"amount" numeric(14, 2) NOT NULL,
	"point_part" numeric(14, 2) DEFAULT '0' NOT NULL,
	"income_date" date NOT NULL,
	"state" text DEFAULT 'WAITING' NOT NULL,
	"voided_date" date,
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_lines_type_check" CHECK ("income_lines"."type" in ('CYCLE','REFERRER','CASHBACK','MTA','DROPSHIP')),
	CONSTRAINT "income_lines_state_check" CHECK ("income_lines"."state" in ('WAITING','PAID','VOID'))
);
--> statement-breakpoint
CREATE TABLE "lvp_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"natural_key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"type" text NOT NULL,
	"points" integer NOT NULL,
	"remark" text NOT NULL,
	"order_id" bigint,
	"effective_date" date NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lvp_postings_type_check" CHECK ("lvp_postings"."type" in ('INCREASE','DECREASE','OTHER'))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"qty" integer NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"member_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"retail_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"selling_price" numeric(14, 2),
	"pv_per_unit" integer DEFAULT 0 NOT NULL,
	"lvp_per_unit" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"order_type" text NOT NULL,
	"package_code" text,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"hold_points" boolean DEFAULT false NOT NULL,
	"pv_total" integer DEFAULT 0 NOT NULL,
	"lvp_total" integer DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"shipping_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"lvp_used" integer DEFAULT 0 NOT NULL,
	"points_used" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_date" date,
	"canceled_at" timestamp with time zone,
	"canceled_date" date,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_type_check" CHECK ("orders"."order_type" in ('PACKAGE','UPGRADE','REPURCHASE','DROPSHIP'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_date" date NOT NULL,
	"member_id" bigint NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"wht" numeric(14, 2) NOT NULL,
	"point_part" numeric(14, 2) NOT NULL,
	"fee" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"bank_code" text,
	"account_no" text,
	"account_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_versions" (
	"version" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"params" jsonb NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"natural_key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"points" numeric(14, 2) NOT NULL,
	"remark" text NOT NULL,
	"order_id" bigint,
	"effective_date" date NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_history" (
	"member_id" bigint NOT NULL,
	"from_title" text NOT NULL,
	"to_title" text NOT NULL,
	"achieved_date" date NOT NULL,
	CONSTRAINT "title_history_member_id_to_title_pk" PRIMARY KEY("member_id","to_title")
);
--> statement-breakpoint
CREATE TABLE "volume_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"natural_key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"effective_date" date NOT NULL,
	"pv" integer NOT NULL,
	"personal" boolean NOT NULL,
	"flows_up" boolean NOT NULL,
	"own_side" text,
	"repurchase" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volume_postings_side_check" CHECK ("volume_postings"."own_side" is null or "volume_postings"."own_side" in ('left','right'))
);
--> statement-breakpoint
ALTER TABLE "closing_rows" ADD CONSTRAINT "closing_rows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_lots" ADD CONSTRAINT "hold_lots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_lots" ADD CONSTRAINT "hold_lots_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_releases" ADD CONSTRAINT "hold_releases_lot_id_hold_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."hold_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_lines" ADD CONSTRAINT "income_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_lines" ADD CONSTRAINT "income_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_lines" ADD CONSTRAINT "income_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lvp_postings" ADD CONSTRAINT "lvp_postings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lvp_postings" ADD CONSTRAINT "lvp_postings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lvp_postings" ADD CONSTRAINT "lvp_postings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_versions" ADD CONSTRAINT "plan_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_history" ADD CONSTRAINT "title_history_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_postings" ADD CONSTRAINT "volume_postings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volume_postings" ADD CONSTRAINT "volume_postings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_rows_date_idx" ON "closing_rows" USING btree ("closing_date");--> statement-breakpoint
CREATE UNIQUE INDEX "engine_runs_done_key" ON "engine_runs" USING btree ("type","business_date") WHERE "engine_runs"."status" = 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "hold_lots_order_key" ON "hold_lots" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "hold_lots_deadline_idx" ON "hold_lots" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "hold_releases_lot_idx" ON "hold_releases" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "income_lines_key" ON "income_lines" USING btree ("member_id","type","source","generation","correction");--> statement-breakpoint
CREATE INDEX "income_lines_member_idx" ON "income_lines" USING btree ("member_id","income_date");--> statement-breakpoint
CREATE INDEX "income_lines_waiting_idx" ON "income_lines" USING btree ("income_date") WHERE "income_lines"."state" = 'WAITING';--> statement-breakpoint
CREATE INDEX "income_lines_order_idx" ON "income_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lvp_postings_key" ON "lvp_postings" USING btree ("natural_key");--> statement-breakpoint
CREATE INDEX "lvp_postings_member_idx" ON "lvp_postings" USING btree ("member_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_line_key" ON "order_items" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","paid_date");--> statement-breakpoint
CREATE INDEX "orders_paid_date_idx" ON "orders" USING btree ("paid_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_member_key" ON "payouts" USING btree ("run_date","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_postings_key" ON "point_postings" USING btree ("natural_key");--> statement-breakpoint
CREATE INDEX "point_postings_member_idx" ON "point_postings" USING btree ("member_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "volume_postings_key" ON "volume_postings" USING btree ("natural_key");--> statement-breakpoint
CREATE INDEX "volume_postings_date_idx" ON "volume_postings" USING btree ("effective_date");--> statement-breakpoint
CREATE INDEX "volume_postings_member_idx" ON "volume_postings" USING btree ("member_id","effective_date");