ALTER TABLE "closing_rows" DROP CONSTRAINT "closing_rows_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "volume_preview" DROP CONSTRAINT "volume_preview_member_id_members_id_fk";
