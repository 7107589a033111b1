CREATE SEQUENCE "public"."shop_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bundle_components" (
	"bundle_id" bigint NOT NULL,
	"component_id" bigint NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "bundle_components_bundle_id_component_id_pk" PRIMARY KEY("bundle_id","component_id"),
	CONSTRAINT "bundle_components_qty_check" CHECK ("bundle_components"."qty" > 0),
	CONSTRAINT "bundle_components_self_check" CHECK ("bundle_components"."bundle_id" <> "bundle_components"."component_id")
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "payment_slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_slips_status_check" CHECK ("payment_slips"."status" in ('submitted','confirmed','rejected'))
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'PRODUCT' NOT NULL,
	"category" text NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"description_th" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"retail_price" numeric(14, 2) NOT NULL,
	"member_price" numeric(14, 2) NOT NULL,
	"pv_per_unit" integer DEFAULT 0 NOT NULL,
	"lvp_per_unit" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"package_code" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_kind_check" CHECK ("products"."kind" in ('PRODUCT','PACKAGE','BUNDLE')),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" is null or "products"."stock" >= 0),
	CONSTRAINT "products_price_check" CHECK ("products"."member_price" >= 0 and "products"."member_price" <= "products"."retail_price"),
	CONSTRAINT "products_points_check" CHECK ("products"."pv_per_unit" >= 0 and "products"."lvp_per_unit" >= 0),
	CONSTRAINT "products_package_check" CHECK (("products"."kind" = 'PACKAGE') = ("products"."package_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "selling_prices" (
	"member_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selling_prices_member_id_product_id_pk" PRIMARY KEY("member_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"product_id" bigint,
	"actor" text NOT NULL,
	"actor_user_id" bigint,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"order_item_id" bigint PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"bundle_items" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"buyer_user_id" bigint,
	"idempotency_scope" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"delivery_method" text NOT NULL,
	"shipping_address" jsonb,
	"customer" jsonb,
	"guest_key_hash" text,
	"payment_method" text NOT NULL,
	"tracking_no" text,
	"carrier" text,
	"packed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"stock_returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_channel_check" CHECK ("shop_orders"."channel" in ('MEMBER','COMMUNITY','API')),
	CONSTRAINT "shop_orders_delivery_check" CHECK ("shop_orders"."delivery_method" in ('shipping','pickup'))
);
--> statement-breakpoint
CREATE TABLE "shop_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reference" text NOT NULL,
	"provider_txn_id" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_payments_method_check" CHECK ("shop_payments"."method" in ('demo','transfer','promptpay','balance')),
	CONSTRAINT "shop_payments_state_check" CHECK ("shop_payments"."state" in ('pending','submitted','confirmed','rejected','canceled'))
);
--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_component_id_products_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slips" ADD CONSTRAINT "payment_slips_payment_id_shop_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."shop_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_slips" ADD CONSTRAINT "payment_slips_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_prices" ADD CONSTRAINT "selling_prices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_prices" ADD CONSTRAINT "selling_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_audit" ADD CONSTRAINT "shop_audit_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_audit" ADD CONSTRAINT "shop_audit_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_audit" ADD CONSTRAINT "shop_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_slips_key" ON "payment_slips" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "payment_slips_payment_idx" ON "payment_slips" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_slips_sha_idx" ON "payment_slips" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_key" ON "product_images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_package_key" ON "products" USING btree ("package_code") WHERE "products"."package_code" is not null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "shop_audit_order_idx" ON "shop_audit" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_audit_product_idx" ON "shop_audit" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_idempotency_key" ON "shop_orders" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "shop_orders_buyer_idx" ON "shop_orders" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_order_key" ON "shop_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_reference_key" ON "shop_payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_provider_txn_key" ON "shop_payments" USING btree ("method","provider_txn_id") WHERE "shop_payments"."provider_txn_id" is not null;