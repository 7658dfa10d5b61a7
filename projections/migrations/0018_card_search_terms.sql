-- The words a card is found by are the words a query is split into (`queryWords`): letters and digits.
-- PostgreSQL's text parser kept "t.g", "dragon/assault", "kuriboh.exe" and "-17" as single tokens, which
-- no typed query produces, so "T.G. Hyper Librarian" typed in full found nothing. Now the dots of an
-- abbreviation close up ("T.G." is "tg", "P.U.N.K." is "punk") and every other mark between words is a
-- space, before the parser sees the text. `search_text` (the admin's substring filter) keeps the marks.
CREATE FUNCTION card_search_terms(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
-- The abbreviation's pattern (a lookbehind) costs about 5 µs a name; most names have no dot at all.
AS $$ SELECT regexp_replace(
         CASE WHEN strpos($1, '.') > 0
              THEN regexp_replace($1, '(?<=(?:^|[^[:alnum:]])[[:alpha:]])\.(?=[[:alpha:]](?:[^[:alnum:]]|$))', '', 'g')
              ELSE $1 END,
         '[^[:alnum:][:space:]]+', ' ', 'g') $$;

DROP INDEX IF EXISTS card_search_vector_idx;
ALTER TABLE card_search DROP COLUMN search_vector;
ALTER TABLE card_search ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', card_search_terms(card_search_text(name, default_name, keywords)))) STORED;
CREATE INDEX card_search_vector_idx ON card_search USING gin (search_vector);

-- The lexicon typo corrections draw from, again from the new words.
TRUNCATE card_search_words;
INSERT INTO card_search_words (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM card_search;
