-- Foundation: extensions the search needs, content tables (not event-sourced, DESIGN §2) and the
-- first read model. Money is integer céntimos everywhere.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TABLE sets (
  id                 text PRIMARY KEY,          -- the set code, e.g. LOB
  name               text NOT NULL,
  release_date       date NOT NULL,
  preorder_available boolean NOT NULL DEFAULT false,
  products           jsonb NOT NULL DEFAULT '{"booster": false, "display": false, "cartaSuelta": true}',
  cards              text[] NOT NULL DEFAULT '{}',
  image_url          text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sets_release_date_idx ON sets (release_date DESC);

CREATE TABLE home_slides (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title         text,
  desktop_url   text NOT NULL,
  mobile_url    text,
  alt           text NOT NULL DEFAULT '',
  link          text,
  "order"       integer NOT NULL DEFAULT 0,
  visible       boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_at_ms bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
);

CREATE TABLE home_most_wanted (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  card_id         text NOT NULL,
  default_name    text NOT NULL,
  set_name        text NOT NULL DEFAULT '',
  image_small_url text,
  price           integer,                      -- céntimos, only when numeric
  in_stock        boolean NOT NULL DEFAULT false,
  link            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_at_ms   bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
);

CREATE TABLE users (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  google_sub text UNIQUE,
  name       text NOT NULL,
  email      text NOT NULL UNIQUE,
  phone      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admins (
  user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  role       text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now()
);

-- Read model of sellable card versions (spec §3). Filled from the card streams once the projections
-- exist; until then the demo seed writes it.
CREATE TABLE cards (
  id               text PRIMARY KEY,            -- name_setCode_rarity_edition_language
  name             text NOT NULL,               -- display name (Spanish for es cards)
  default_name     text NOT NULL,               -- English name
  image_url        text,
  image_small_url  text,
  rarity           text NOT NULL,
  edition          text NOT NULL,
  set_name         text NOT NULL,
  set_code         text NOT NULL,
  set_id           text NOT NULL,
  language         text NOT NULL,
  keywords         text[] NOT NULL DEFAULT '{}',
  stock_final      integer NOT NULL DEFAULT 0,
  last_sale_price  integer NOT NULL DEFAULT 0,  -- céntimos
  last_offer_price integer,                     -- céntimos; takes precedence when set
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cards_set_id_idx ON cards (set_id);
CREATE INDEX cards_updated_at_idx ON cards (updated_at DESC);
