CREATE TABLE "closure_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"member_code" text,
	"reason" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "closure_requests_state_check" CHECK ("closure_requests"."state" in ('pending','approved','rejected'))
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"document" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"source" text NOT NULL,
	CONSTRAINT "consents_document_check" CHECK ("consents"."document" in ('terms','privacy')),
	CONSTRAINT "consents_source_check" CHECK ("consents"."source" in ('registration','sign-in'))
);
--> statement-breakpoint
CREATE TABLE "document_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"document_id" bigint,
	"document_type" text NOT NULL,
	"staff_user_id" bigint,
	"client_id" text,
	"action" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_views_action_check" CHECK ("document_views"."action" in ('case','file'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "closure_requests" ADD CONSTRAINT "closure_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closure_requests" ADD CONSTRAINT "closure_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closure_requests_one_open" ON "closure_requests" USING btree ("user_id") WHERE "closure_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "closure_requests_state_idx" ON "closure_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "closure_requests_user_idx" ON "closure_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","document","accepted_at");--> statement-breakpoint
CREATE INDEX "document_views_owner_idx" ON "document_views" USING btree ("owner_user_id","viewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);