CREATE TABLE "closing_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"requested_by" bigint,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"error" text,
	"runs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "closing_requests_status_check" CHECK ("closing_requests"."status" in ('RUNNING','DONE','FAILED'))
);
--> statement-breakpoint
CREATE TABLE "engine_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" bigint,
	"member_id" bigint,
	"business_date" date,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engine_audit_action_check" CHECK ("engine_audit"."action" in ('CLOSING_STARTED','LVP_ADJUSTED','POINTS_ADJUSTED','PLAN_VERSION_CREATED'))
);
--> statement-breakpoint
CREATE TABLE "payout_holds" (
	"run_date" date NOT NULL,
	"member_id" bigint NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "payout_holds_run_date_member_id_pk" PRIMARY KEY("run_date","member_id"),
	CONSTRAINT "payout_holds_reason_check" CHECK ("payout_holds"."reason" in ('NOT_PAYABLE','NOTHING_TO_PAY','BELOW_MINIMUM'))
);
--> statement-breakpoint
ALTER TABLE "closing_requests" ADD CONSTRAINT "closing_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_audit" ADD CONSTRAINT "engine_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_audit" ADD CONSTRAINT "engine_audit_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_holds" ADD CONSTRAINT "payout_holds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_requests_started_idx" ON "closing_requests" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "engine_audit_action_idx" ON "engine_audit" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "engine_audit_member_idx" ON "engine_audit" USING btree ("member_id","created_at");