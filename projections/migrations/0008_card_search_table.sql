-- The search documents move out of `cards` into a table of their own, written only when a card's names
-- or keywords change. Every stock movement and price change updates its `cards` row; with the tsvector
-- and trigram columns (and their two GIN indexes) on that row, each such update re-derived them and
-- re-indexed both: about two thirds of a replay's write time. `cards` keeps `sort_name` and `price`,
-- which sorts and the catalogue screens need without a join.
CREATE TABLE card_search (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  default_name  text NOT NULL,
  keywords      text[] NOT NULL DEFAULT '{}',
  search_text   text GENERATED ALWAYS AS (card_search_text(name, default_name, keywords)) STORED,
  search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', card_search_text(name, default_name, keywords))) STORED
);
CREATE INDEX card_search_vector_idx ON card_search USING gin (search_vector);

-- Every word of the search documents, for typo tolerance: a query word that is nobody's prefix is
-- corrected to its nearest words here (trigram distance, GiST), and the prefix match runs again. This is
-- pg_trgm's spelling-suggestion pattern; a trigram match of the whole query against every document
-- rechecked thousands of candidates at 50,000 cards. Words of renamed cards stay: a correction to a word
-- no card has any more finds nothing, like the uncorrected word.
CREATE TABLE card_search_words (
  word text PRIMARY KEY
);
CREATE INDEX card_search_words_trgm_idx ON card_search_words USING gist (word gist_trgm_ops);

INSERT INTO card_search (id, name, default_name, keywords) SELECT id, name, default_name, keywords FROM cards;
INSERT INTO card_search_words (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM card_search;

ALTER TABLE cards DROP COLUMN search_vector, DROP COLUMN search_text;
