CREATE TABLE "income_waiting" (
	"line_id" bigint PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"income_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"point_part" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "income_lines_waiting_idx";--> statement-breakpoint
-- Decision 050: room on each new page of the ledger for the one update a line ever gets (WAITING to
-- PAID or VOID), which changes no indexed column and so stays on its page (a HOT update).
ALTER TABLE "income_lines" SET (fillfactor = 50);--> statement-breakpoint
INSERT INTO "income_waiting" ("line_id", "member_id", "income_date", "amount", "point_part")
SELECT "id", "member_id", "income_date", "amount",
  CASE WHEN "type" = 'CYCLE' AND NOT "correction" THEN "point_part" ELSE 0 END
FROM "income_lines" WHERE "state" = 'WAITING';--> statement-breakpoint
CREATE FUNCTION "income_waiting_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO income_waiting (line_id, member_id, income_date, amount, point_part)
  SELECT id, member_id, income_date, amount,
    CASE WHEN type = 'CYCLE' AND NOT correction THEN point_part ELSE 0 END
  FROM added WHERE state = 'WAITING';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "income_waiting_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM income_waiting w USING settled s WHERE w.line_id = s.id AND s.state <> 'WAITING';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "income_waiting_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM income_waiting w USING removed r WHERE w.line_id = r.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "income_lines_waiting_added" AFTER INSERT ON "income_lines"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "income_waiting_added"();--> statement-breakpoint
CREATE TRIGGER "income_lines_waiting_settled" AFTER UPDATE ON "income_lines"
  REFERENCING NEW TABLE AS settled FOR EACH STATEMENT EXECUTE FUNCTION "income_waiting_settled"();--> statement-breakpoint
CREATE TRIGGER "income_lines_waiting_removed" AFTER DELETE ON "income_lines"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "income_waiting_removed"();
