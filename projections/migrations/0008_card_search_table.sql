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
CREATE INDEX card_search_trgm_idx ON card_search USING gin (search_text gin_trgm_ops);

INSERT INTO card_search (id, name, default_name, keywords) SELECT id, name, default_name, keywords FROM cards;

ALTER TABLE cards DROP COLUMN search_vector, DROP COLUMN search_text;
