-- Member search: trigram indexes so "contains" matches on names, phones, e-mails and codes use an index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_code_trgm_idx ON members USING gin (member_code gin_trgm_ops);
--> statement-breakpoint
-- Team counters are updated in place on every placement: leave room on each page for HOT updates.
ALTER TABLE members SET (fillfactor = 85);
--> statement-breakpoint
-- The ancestor of `node` at depth `target` (null when there is none), following jump pointers where
-- they do not overshoot and parent links otherwise: O(log depth) lookups.
CREATE OR REPLACE FUNCTION member_ancestor_at(node bigint, target integer) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
DECLARE
  cur bigint := node;
  d integer;
  par bigint;
  jmp bigint;
  jd integer;
BEGIN
  SELECT m.depth, m.placement_parent_id, m.jump_id INTO d, par, jmp FROM members m WHERE m.id = cur;
  IF d IS NULL OR target IS NULL OR target < 0 OR target > d THEN
    RETURN NULL;
  END IF;
  WHILE d > target LOOP
    jd := NULL;
    IF jmp IS NOT NULL THEN
      SELECT m.depth INTO jd FROM members m WHERE m.id = jmp;
    END IF;
    IF jd IS NOT NULL AND jd >= target AND jd < d THEN
      cur := jmp;
    ELSE
      cur := par;
    END IF;
    SELECT m.depth, m.placement_parent_id, m.jump_id INTO d, par, jmp FROM members m WHERE m.id = cur;
  END LOOP;
  RETURN cur;
END
$$;
--> statement-breakpoint
-- Whether `node` is `top` or sits anywhere below it in the binary tree.
CREATE OR REPLACE FUNCTION member_in_downline(top bigint, node bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(member_ancestor_at(node, (SELECT depth FROM members WHERE id = top)) = top, false)
$$;
--> statement-breakpoint
-- Existing installs: give placed members their depth and jump pointer, top down.
DO $$
DECLARE
  level integer := 0;
  touched integer;
BEGIN
  UPDATE members m SET depth = 0, jump_id = m.id
  WHERE m.placement_parent_id IS NULL AND m.depth IS NULL
    AND (m.referrer_member_id IS NULL OR EXISTS (SELECT 1 FROM members c WHERE c.placement_parent_id = m.id));
  LOOP
    UPDATE members c SET
      depth = level + 1,
      jump_id = CASE
        WHEN p.depth - j.depth = j.depth - jj.depth AND j.id <> p.id THEN jj.id
        ELSE p.id END
    FROM members p
    JOIN members j ON j.id = p.jump_id
    JOIN members jj ON jj.id = j.jump_id
    WHERE c.placement_parent_id = p.id AND p.depth = level AND c.depth IS NULL;
    GET DIAGNOSTICS touched = ROW_COUNT;
    EXIT WHEN touched = 0;
    level := level + 1;
  END LOOP;
END
$$;
