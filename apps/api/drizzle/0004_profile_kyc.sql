CREATE TABLE "addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"number" text NOT NULL,
	"building" text,
	"alley" text,
	"street" text,
	"subdistrict_id" integer,
	"district_id" integer,
	"province_id" integer,
	"subdistrict_name" text,
	"district_name" text,
	"province_name" text,
	"post_code" text,
	"telephone" text,
	"country_id" integer DEFAULT 764 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_type_check" CHECK ("addresses"."type" in ('home','shipping')),
	CONSTRAINT "addresses_default_check" CHECK ("addresses"."type" = 'shipping' or not "addresses"."is_default")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"account_type" text NOT NULL,
	"branch" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_no_check" CHECK ("bank_accounts"."account_no" ~ '^[0-9]{10,15}$'),
	CONSTRAINT "bank_accounts_type_check" CHECK ("bank_accounts"."account_type" in ('savings','fixed','current')),
	CONSTRAINT "bank_accounts_status_check" CHECK ("bank_accounts"."status" in ('draft','waiting_for_review','in_progress_review','success','fail'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"title" text,
	"description" text,
	"note" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text,
	"review_target" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('register_document','government_id','passport','books_bank','other')),
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('draft','waiting_for_review','in_progress_review','success','fail')),
	CONSTRAINT "documents_target_check" CHECK ("documents"."review_target" is null or "documents"."review_target" in ('identity','bank'))
);
--> statement-breakpoint
CREATE TABLE "kyc_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"actor_user_id" bigint,
	"action" text NOT NULL,
	"target" text,
	"reason" text,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_audit_action_check" CHECK ("kyc_audit"."action" in ('submit','start','approve','reject')),
	CONSTRAINT "kyc_audit_target_check" CHECK ("kyc_audit"."target" is null or "kyc_audit"."target" in ('identity','bank'))
);
--> statement-breakpoint
CREATE TABLE "member_kyc" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"identity_status" text DEFAULT 'draft' NOT NULL,
	"bank_status" text DEFAULT 'draft' NOT NULL,
	"identity_reason" text,
	"bank_reason" text,
	"submitted_at" timestamp with time zone,
	"review_started_at" timestamp with time zone,
	"reviewer_id" bigint,
	"decided_at" timestamp with time zone,
	"deadline_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_kyc_status_check" CHECK ("member_kyc"."status" in ('draft','incomplete_documents','incomplete_information','waiting_for_review','in_progress_review','success','fail')),
	CONSTRAINT "member_kyc_identity_check" CHECK ("member_kyc"."identity_status" in ('draft','waiting_for_review','in_progress_review','success','fail')),
	CONSTRAINT "member_kyc_bank_check" CHECK ("member_kyc"."bank_status" in ('draft','waiting_for_review','in_progress_review','success','fail'))
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_subdistrict_id_subdistricts_id_fk" FOREIGN KEY ("subdistrict_id") REFERENCES "public"."subdistricts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_audit" ADD CONSTRAINT "kyc_audit_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_audit" ADD CONSTRAINT "kyc_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_kyc" ADD CONSTRAINT "member_kyc_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_kyc" ADD CONSTRAINT "member_kyc_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_home" ON "addresses" USING btree ("user_id") WHERE "addresses"."type" = 'home';--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."type" = 'shipping' and "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "kyc_audit_member_idx" ON "kyc_audit" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_kyc_status_idx" ON "member_kyc" USING btree ("status","submitted_at");