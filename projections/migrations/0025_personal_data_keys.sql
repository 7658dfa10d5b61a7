-- Erasure by destroying a key (docs/decisions/0007-personal-data.md). Each customer's name, e-mail and
-- phone are sealed with their own AES-256-GCM key before an order is written to the event log
-- (OrderPlaced version 2); `tcg customer forget` destroys the key, and every copy of the log, the read
-- models and their rebuilds can no longer open them. A destroyed key stays as a row without it
-- (`forgotten_at`), so a checkout already under way when the customer was erased cannot make a new one.
-- Outside every projection: no replay or rebuild touches it, whichever event store the shop runs.
CREATE TABLE personal_data_keys (
  user_id      text PRIMARY KEY,
  key          bytea CHECK (octet_length(key) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  forgotten_at timestamptz,
  CHECK ((key IS NULL) = (forgotten_at IS NOT NULL))
);

-- Orders keep the sealed buyer as the event has it and are opened when read; orders placed before
-- (version 1) keep name, e-mail and phone in the clear.
ALTER TABLE orders ADD COLUMN buyer_sealed text;
ALTER TABLE orders ALTER COLUMN name DROP NOT NULL;
ALTER TABLE orders ALTER COLUMN email DROP NOT NULL;
ALTER TABLE orders ALTER COLUMN phone DROP NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_buyer_present CHECK (buyer_sealed IS NOT NULL OR (name IS NOT NULL AND email IS NOT NULL AND phone IS NOT NULL));
