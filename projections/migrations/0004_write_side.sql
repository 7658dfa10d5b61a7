-- Write-side bookkeeping of the checkout (DESIGN §3). The event store stays the source of truth;
-- these rows only make a retried submit answer once and let the sweeper find abandoned reservations.

-- One row per Idempotency-Key and buyer, claimed with INSERT ... ON CONFLICT before any work.
-- status: 'pending' while the first request runs, 'done' with its response afterwards.
CREATE TABLE idempotency_keys (
  key          text NOT NULL,
  user_id      text NOT NULL,
  request_hash text NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Written before the first reservation of a checkout attempt (write-ahead), so a crash between
-- reserving and placing the order leaves a row the sweeper can finish.
-- reservations: [{ cardId, reservationId, quantity }].
-- status: 'reserving' → 'placed' (OrderPlaced written) | 'released' (every reservation undone).
CREATE TABLE reservation_attempts (
  attempt_id   uuid PRIMARY KEY,
  order_id     text NOT NULL,
  user_id      text NOT NULL,
  reservations jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'reserving' CHECK (status IN ('reserving', 'placed', 'released')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservation_attempts_open_idx ON reservation_attempts (created_at) WHERE status = 'reserving';

-- Payment proofs by content hash: a proof already used on another order is flagged to the admin.
CREATE TABLE order_proofs (
  order_id   text PRIMARY KEY,
  proof_hash text NOT NULL,
  user_id    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_proofs_hash_idx ON order_proofs (proof_hash, created_at);
