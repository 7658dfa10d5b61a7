-- Read models built by the projection runner (DESIGN §5) and the PostgreSQL search documents (§6).
-- Every table a projection owns can be rebuilt blue/green: `CREATE TABLE x__shadow (LIKE x INCLUDING ALL)`
-- copies columns, generated columns, defaults and indexes, so nothing here may depend on a sequence.

-- One row per projection: how far it got, and whether it stopped on an event it could not apply.
CREATE TABLE projection_checkpoints (
  name           text PRIMARY KEY,
  position       bigint NOT NULL DEFAULT 0,
  state          text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'halted')),
  last_error     text,
  events_applied bigint NOT NULL DEFAULT 0,
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- unaccent() is only STABLE (its dictionary could change), so it cannot feed a generated column or an
-- index. The dictionary is named explicitly, which makes this wrapper safe to declare IMMUTABLE.
CREATE FUNCTION immutable_unaccent(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;

-- What a search matches: display, English and Spanish names, folded to lowercase without accents.
CREATE FUNCTION card_search_text(name text, default_name text, keywords text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(immutable_unaccent(concat_ws(' ', name, default_name, array_to_string(keywords, ' ')))) $$;

ALTER TABLE cards
  ADD COLUMN spanish_name  text,
  ADD COLUMN listed_at     timestamptz,
  -- Position of the last event applied to this row.
  ADD COLUMN position      bigint NOT NULL DEFAULT 0,
  ADD COLUMN search_text   text GENERATED ALWAYS AS (card_search_text(name, default_name, keywords)) STORED,
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', card_search_text(name, default_name, keywords))) STORED,
  ADD COLUMN sort_name     text GENERATED ALWAYS AS (lower(immutable_unaccent(name))) STORED,
  -- Spec §2: the offer price counts when set.
  ADD COLUMN price         integer GENERATED ALWAYS AS (coalesce(last_offer_price, last_sale_price)) STORED;

CREATE INDEX cards_search_vector_idx ON cards USING gin (search_vector);
CREATE INDEX cards_search_trgm_idx ON cards USING gin (search_text gin_trgm_ops);
CREATE INDEX cards_sort_name_idx ON cards (sort_name, id);
CREATE INDEX cards_price_idx ON cards (price, id);

-- The stock ledger (spec §3 movements): one row per stock event.
CREATE TABLE card_movements (
  card_id        text NOT NULL,
  position       bigint NOT NULL,
  type           text NOT NULL CHECK (type IN ('ingreso', 'reserva', 'venta', 'anulacion')),
  quantity       integer NOT NULL,
  unit_cost      integer,
  timestamp      timestamptz NOT NULL,
  source         text,
  reservation_id text,
  order_id       text,
  PRIMARY KEY (card_id, position)
);
CREATE INDEX card_movements_order_idx ON card_movements (order_id) WHERE order_id IS NOT NULL;
-- The projection continues the stock fold from `stock_final` plus the earlier movements of the
-- reservations a batch touches: a reserva by its id, a venta by the reservation it settles.
CREATE INDEX card_movements_reserva_idx ON card_movements (reservation_id) WHERE type = 'reserva';
CREATE INDEX card_movements_venta_idx ON card_movements (source) WHERE type = 'venta';

CREATE TABLE card_stock_entries (
  card_id       text NOT NULL,
  position      bigint NOT NULL,
  quantity      integer NOT NULL,
  cost_per_unit integer NOT NULL,
  added_at      timestamptz NOT NULL,
  PRIMARY KEY (card_id, position)
);

CREATE TABLE card_price_entries (
  card_id     text NOT NULL,
  position    bigint NOT NULL,
  sale_price  integer NOT NULL,
  offer_price integer,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (card_id, position)
);

CREATE TABLE orders (
  id         text PRIMARY KEY,
  user_id    text NOT NULL,
  name       text NOT NULL,
  email      text NOT NULL,
  phone      text NOT NULL,
  status     text NOT NULL,
  total      integer NOT NULL,
  proof_key  text NOT NULL,
  proof_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  position   bigint NOT NULL
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
CREATE INDEX orders_proof_hash_idx ON orders (proof_hash);

CREATE TABLE order_items (
  order_id       text NOT NULL,
  line           integer NOT NULL,
  card_id        text NOT NULL,
  name           text NOT NULL,
  quantity       integer NOT NULL,
  unit_price     integer NOT NULL,
  reservation_id text NOT NULL,
  PRIMARY KEY (order_id, line)
);
CREATE INDEX order_items_card_idx ON order_items (card_id);
