DROP INDEX "income_lines_waiting_idx";--> statement-breakpoint
-- Room on each page for a line's next version (decision 050): the payout run's update is then heap-only.
-- Pages written before this migration keep their room as it was until the table is rewritten.
ALTER TABLE "income_lines" SET (fillfactor = 50);
