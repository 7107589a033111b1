CREATE TABLE "volume_preview" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"left_points" bigint NOT NULL,
	"right_points" bigint NOT NULL,
	"as_of" date
);
--> statement-breakpoint
ALTER TABLE "volume_preview" ADD CONSTRAINT "volume_preview_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "left_points";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "right_points";--> statement-breakpoint
-- Placement keeps the team counts; points per side now come from the ledger (volume_preview, the
-- closings), so place_member no longer adds the member's points to every ancestor.
CREATE OR REPLACE FUNCTION place_member(p_member bigint, p_upline bigint, p_side text, p_by bigint, p_notices jsonb)
RETURNS timestamptz LANGUAGE plpgsql AS $$
DECLARE
  placed timestamptz;
BEGIN
  UPDATE members c SET
    placement_parent_id = p.id,
    side = p_side,
    depth = p.depth + 1,
    jump_id = CASE WHEN p.depth - j.depth = j.depth - jj.depth AND j.id <> p.id THEN jj.id ELSE p.id END,
    placed_at = now(),
    updated_at = now(),
    updated_by = p_by
  FROM members p JOIN members j ON j.id = p.jump_id JOIN members jj ON jj.id = j.jump_id
  WHERE p.id = p_upline AND c.id = p_member AND c.depth IS NULL
  RETURNING c.placed_at INTO placed;
  IF placed IS NULL THEN
    RETURN NULL;
  END IF;

  INSERT INTO notifications (user_id, kind, title, title_th, body, body_th)
  SELECT (n->>'user_id')::bigint, n->>'kind', n->>'title', n->>'title_th', n->>'body', n->>'body_th'
  FROM jsonb_array_elements(p_notices) n;

  PERFORM pg_advisory_xact_lock(7250001);
  WITH RECURSIVE up(id, side) AS (
    SELECT placement_parent_id, side FROM members WHERE id = p_member
    UNION ALL
    SELECT m.placement_parent_id, m.side FROM up JOIN members m ON m.id = up.id WHERE m.placement_parent_id IS NOT NULL
  )
  UPDATE members a SET
    left_team = a.left_team + (up.side = 'left')::int,
    right_team = a.right_team + (up.side = 'right')::int
  FROM up WHERE a.id = up.id;
  RETURN placed;
END
$$;
