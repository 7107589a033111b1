-- A VOID income line always carries the day of the cancellation that voided it (plan 2.4): the
-- canceled-orders report and the statements date the reversal by it. The engine has always set it.
UPDATE "income_lines" SET "voided_date" = "income_date" WHERE "state" = 'VOID' AND "voided_date" IS NULL;--> statement-breakpoint
ALTER TABLE "income_lines" ADD CONSTRAINT "income_lines_void_dated_check" CHECK ("income_lines"."state" <> 'VOID' or "income_lines"."voided_date" is not null);
