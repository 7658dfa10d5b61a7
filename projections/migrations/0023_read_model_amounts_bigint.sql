-- Every quantity and amount an event may carry is a safe integer (the event schemas' z.int()), and the
-- read models must hold any event the log holds. Their columns were 32-bit: the domain's limits keep new
-- commands inside them, but a shop that stored a larger value before those limits (an `ingreso` of
-- 3,000,000,000 units, QA) halted its cards projection on that event for good, since the log cannot be
-- changed. `orders.total` became bigint in 0017; the rest follows.
--
-- `price` is generated from the two prices, so it is dropped and made again (with its two indexes).
ALTER TABLE cards DROP COLUMN price;
ALTER TABLE cards
  ALTER COLUMN stock_final TYPE bigint,
  ALTER COLUMN last_sale_price TYPE bigint,
  ALTER COLUMN last_offer_price TYPE bigint,
  ADD COLUMN price bigint GENERATED ALWAYS AS (coalesce(last_offer_price, last_sale_price)) STORED;
-- IF NOT EXISTS: a replay may have recorded them to build later (projection_deferred_indexes).
CREATE INDEX IF NOT EXISTS cards_price_idx ON cards (price, id);
CREATE UNIQUE INDEX IF NOT EXISTS cards_search_cover_idx ON cards (id) INCLUDE (language, rarity, stock_final, set_id, sort_name, price);

ALTER TABLE card_movements ALTER COLUMN quantity TYPE bigint, ALTER COLUMN unit_cost TYPE bigint;
ALTER TABLE card_stock_entries ALTER COLUMN quantity TYPE bigint, ALTER COLUMN cost_per_unit TYPE bigint;
ALTER TABLE card_price_entries ALTER COLUMN sale_price TYPE bigint, ALTER COLUMN offer_price TYPE bigint;
ALTER TABLE order_items ALTER COLUMN quantity TYPE bigint, ALTER COLUMN unit_price TYPE bigint;
