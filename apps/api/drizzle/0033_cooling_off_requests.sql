CREATE TABLE "cooling_off_requests" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_by" text NOT NULL,
	"reason" text,
	"period_ends_on" date NOT NULL,
	"refund_due_on" date NOT NULL,
	"goods_received_at" timestamp with time zone,
	"goods_received_by" bigint,
	"refunded_at" timestamp with time zone,
	"refunded_by" bigint
);
--> statement-breakpoint
ALTER TABLE "cooling_off_requests" ADD CONSTRAINT "cooling_off_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooling_off_requests" ADD CONSTRAINT "cooling_off_requests_goods_received_by_users_id_fk" FOREIGN KEY ("goods_received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooling_off_requests" ADD CONSTRAINT "cooling_off_requests_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cooling_off_requests_open_idx" ON "cooling_off_requests" USING btree ("requested_at") WHERE "cooling_off_requests"."refunded_at" is null;