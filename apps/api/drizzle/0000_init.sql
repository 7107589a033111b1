CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"title_th" text NOT NULL,
	"body" text NOT NULL,
	"body_th" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthday" date,
	"gender" text DEFAULT 'male' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"type" text DEFAULT 'member' NOT NULL,
	"invitation_code" text NOT NULL,
	"is_verifies_email" boolean DEFAULT false NOT NULL,
	"is_verifies_mobile" boolean DEFAULT false NOT NULL,
	"is_verifies_identity" boolean DEFAULT false NOT NULL,
	"is_verifies_bank" boolean DEFAULT false NOT NULL,
	"mobile_verified_at" timestamp with time zone,
	"email_verified_at" timestamp with time zone,
	"identity_type" text,
	"identity_value" text,
	"country_id" integer DEFAULT 764 NOT NULL,
	"is_sync" boolean DEFAULT false NOT NULL,
	"authen_type_default" text DEFAULT 'mobile' NOT NULL,
	"language" text DEFAULT 'th' NOT NULL,
	"avatar_original" text,
	"avatar_thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male','female')),
	CONSTRAINT "users_type_check" CHECK ("users"."type" in ('member','staff','admin')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('th','en'))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text,
	"token_hash" text,
	"ref_code" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"killed_at" timestamp with time zone,
	CONSTRAINT "verifications_channel_check" CHECK ("verifications"."channel" in ('sms','email'))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"member_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_code" text NOT NULL,
	"referrer_member_id" bigint,
	"placement_parent_id" bigint,
	"side" text,
	"placed_at" timestamp with time zone,
	"left_team" integer DEFAULT 0 NOT NULL,
	"right_team" integer DEFAULT 0 NOT NULL,
	"point" numeric(14, 2) DEFAULT '0' NOT NULL,
	"package" text,
	"business_title" text,
	"expiry_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_slot_key" UNIQUE("placement_parent_id","side"),
	CONSTRAINT "members_side_check" CHECK ("members"."side" is null or "members"."side" in ('left','right')),
	CONSTRAINT "members_slot_pair_check" CHECK (("members"."placement_parent_id" is null) = ("members"."side" is null))
);
--> statement-breakpoint
CREATE TABLE "suspension_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"days_left" integer,
	"suspended_at" timestamp with time zone,
	"message" text NOT NULL,
	"message_th" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suspension_period_check" CHECK ("suspension_entries"."period" in ('pre_pending','pending','suspended','cancelled')),
	CONSTRAINT "suspension_status_check" CHECK ("suspension_entries"."status" in ('warning','active','done','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"alpha3" text NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" integer NOT NULL,
	"province_id" integer NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" integer NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subdistricts" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" integer NOT NULL,
	"district_id" integer NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"post_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_referrer_member_id_members_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_placement_parent_id_members_id_fk" FOREIGN KEY ("placement_parent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspension_entries" ADD CONSTRAINT "suspension_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subdistricts" ADD CONSTRAINT "subdistricts_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invitation_code_key" ON "users" USING btree ("invitation_code");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_token_key" ON "verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "verifications_target_idx" ON "verifications" USING btree ("target","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_user_key" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_code_key" ON "members" USING btree ("member_code");--> statement-breakpoint
CREATE UNIQUE INDEX "members_uuid_key" ON "members" USING btree ("member_uuid");--> statement-breakpoint
CREATE INDEX "members_referrer_idx" ON "members" USING btree ("referrer_member_id");--> statement-breakpoint
CREATE INDEX "suspension_entries_member_idx" ON "suspension_entries" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "districts_province_idx" ON "districts" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "subdistricts_district_idx" ON "subdistricts" USING btree ("district_id");