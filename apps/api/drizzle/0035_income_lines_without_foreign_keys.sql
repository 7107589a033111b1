ALTER TABLE "income_lines" DROP CONSTRAINT "income_lines_member_id_members_id_fk";
--> statement-breakpoint
ALTER TABLE "income_lines" DROP CONSTRAINT "income_lines_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "income_lines" DROP CONSTRAINT "income_lines_order_item_id_order_items_id_fk";
