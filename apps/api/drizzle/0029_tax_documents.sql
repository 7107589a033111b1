CREATE TABLE "tax_document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"branch" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_document_counters_series_year_branch_pk" PRIMARY KEY("series","year","branch"),
	CONSTRAINT "tax_document_counters_series_check" CHECK ("tax_document_counters"."series" in ('ABB','INV','CN'))
);
--> statement-breakpoint
CREATE TABLE "tax_document_pdfs" (
	"document_id" bigint NOT NULL,
	"lang" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_document_pdfs_document_id_lang_pk" PRIMARY KEY("document_id","lang")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"branch" text NOT NULL,
	"seq" integer NOT NULL,
	"doc_no" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_date" date NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping" numeric(14, 2) NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"vat" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"refers_to" bigint,
	"reason" text,
	"canceled_at" timestamp with time zone,
	"replaced_by" bigint,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('abbreviated','full','credit_note')),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("tax_documents"."value" + "tax_documents"."vat" = "tax_documents"."total" and "tax_documents"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tax_document_pdfs" ADD CONSTRAINT "tax_document_pdfs_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_no_key" ON "tax_documents" USING btree ("doc_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_serial_key" ON "tax_documents" USING btree ("series","year","branch","seq");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "tax_documents_date_idx" ON "tax_documents" USING btree ("issued_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_credit_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_in_force_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" <> 'credit_note' and "tax_documents"."canceled_at" is null;