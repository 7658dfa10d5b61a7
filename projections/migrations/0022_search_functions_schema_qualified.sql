-- card_search_text called immutable_unaccent without its schema. pg_dump restores with an empty
-- search_path, so every restore of a backup failed at `card_search` (its generated columns call
-- card_search_text) and left the table out: the restored shop's search answered 500 (QA). The body now
-- names the schema; the function keeps its signature, so the generated columns need not change.
CREATE OR REPLACE FUNCTION card_search_text(name text, default_name text, keywords text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(public.immutable_unaccent(concat_ws(' ', name, default_name, array_to_string(keywords, ' ')))) $$;
