CREATE TABLE "wht_certificates" (
	"member_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"issued_on" date NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wht_certificates_member_id_year_pk" PRIMARY KEY("member_id","year")
);
--> statement-breakpoint
ALTER TABLE "wht_certificates" ADD CONSTRAINT "wht_certificates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;