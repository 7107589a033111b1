CREATE TABLE "demo_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_clock_single_row" CHECK ("demo_clock"."id" = 1),
	CONSTRAINT "demo_clock_offset_check" CHECK ("demo_clock"."offset_days" >= 0)
);
