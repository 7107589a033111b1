-- Names, addresses and document titles lose the invisible characters the API now strips on the way
-- in (packages/contracts/src/text.ts): bidirectional controls (U+061C, U+200E, U+200F,
-- U+202A-U+202E, U+2066-U+2069), which could make a name read backwards on the staff KYC pages,
-- and zero-width characters (U+200B-U+200D, U+2060, U+FEFF, soft hyphen U+00AD). Only values that
-- hold one change: stripped and trimmed as the API does; an optional text left empty becomes null.
CREATE FUNCTION pg_temp.strip_invisible(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value ~ '[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]' THEN regexp_replace(
      regexp_replace(value, '[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]', '', 'g'),
      '^\s+|\s+$', '', 'g')
    ELSE value
  END
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.strip_invisible_optional(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value ~ '[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]'
      THEN nullif(pg_temp.strip_invisible(value), '')
    ELSE value
  END
$$;--> statement-breakpoint
UPDATE users SET
  first_name = pg_temp.strip_invisible(first_name),
  last_name = pg_temp.strip_invisible(last_name)
WHERE first_name IS DISTINCT FROM pg_temp.strip_invisible(first_name)
   OR last_name IS DISTINCT FROM pg_temp.strip_invisible(last_name);--> statement-breakpoint
UPDATE members SET
  package = pg_temp.strip_invisible_optional(package),
  business_title = pg_temp.strip_invisible_optional(business_title)
WHERE package IS DISTINCT FROM pg_temp.strip_invisible_optional(package)
   OR business_title IS DISTINCT FROM pg_temp.strip_invisible_optional(business_title);--> statement-breakpoint
UPDATE bank_accounts SET
  account_name = pg_temp.strip_invisible(account_name),
  branch = pg_temp.strip_invisible_optional(branch)
WHERE account_name IS DISTINCT FROM pg_temp.strip_invisible(account_name)
   OR branch IS DISTINCT FROM pg_temp.strip_invisible_optional(branch);--> statement-breakpoint
UPDATE addresses SET
  number = pg_temp.strip_invisible(number),
  building = pg_temp.strip_invisible_optional(building),
  alley = pg_temp.strip_invisible_optional(alley),
  street = pg_temp.strip_invisible_optional(street),
  subdistrict_name = pg_temp.strip_invisible_optional(subdistrict_name),
  district_name = pg_temp.strip_invisible_optional(district_name),
  province_name = pg_temp.strip_invisible_optional(province_name),
  post_code = pg_temp.strip_invisible_optional(post_code)
WHERE number IS DISTINCT FROM pg_temp.strip_invisible(number)
   OR building IS DISTINCT FROM pg_temp.strip_invisible_optional(building)
   OR alley IS DISTINCT FROM pg_temp.strip_invisible_optional(alley)
   OR street IS DISTINCT FROM pg_temp.strip_invisible_optional(street)
   OR subdistrict_name IS DISTINCT FROM pg_temp.strip_invisible_optional(subdistrict_name)
   OR district_name IS DISTINCT FROM pg_temp.strip_invisible_optional(district_name)
   OR province_name IS DISTINCT FROM pg_temp.strip_invisible_optional(province_name)
   OR post_code IS DISTINCT FROM pg_temp.strip_invisible_optional(post_code);--> statement-breakpoint
UPDATE documents SET
  title = pg_temp.strip_invisible_optional(title),
  description = pg_temp.strip_invisible_optional(description),
  note = pg_temp.strip_invisible_optional(note)
WHERE title IS DISTINCT FROM pg_temp.strip_invisible_optional(title)
   OR description IS DISTINCT FROM pg_temp.strip_invisible_optional(description)
   OR note IS DISTINCT FROM pg_temp.strip_invisible_optional(note);
