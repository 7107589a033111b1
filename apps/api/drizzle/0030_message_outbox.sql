CREATE TABLE "message_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" bigint,
	"language" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"code" text,
	"link" text,
	"verification_id" uuid,
	"notification_id" bigint,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"last_error" text,
	"provider" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_channel_check" CHECK ("message_outbox"."channel" in ('sms','email')),
	CONSTRAINT "message_outbox_state_check" CHECK ("message_outbox"."state" in ('queued','sending','sent','failed'))
);
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "message_outbox_lease_idx" ON "message_outbox" USING btree ("lease_until") WHERE "message_outbox"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "message_outbox_list_idx" ON "message_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_outbox_state_idx" ON "message_outbox" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_outbox_verification_idx" ON "message_outbox" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_notification_key" ON "message_outbox" USING btree ("notification_id","channel");