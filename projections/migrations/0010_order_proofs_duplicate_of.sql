-- The earlier order that used the same proof image, as found when this order's proof was recorded. The
-- atomic checkout (docs/decisions/0004) answers a retried submit from the order stream and this row,
-- so the answer repeats what the first submit was told without an idempotency-key row per order.
ALTER TABLE order_proofs ADD COLUMN duplicate_of text;
