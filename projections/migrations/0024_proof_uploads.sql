-- Payment proofs as they are uploaded, until the proof sweep has looked at them: one an order was placed
-- with keeps its file (the row goes); one no order took is deleted, file and row, a day after its upload
-- (soak QA: half the proofs of a day's traffic belonged to no order, and were kept for ever).
-- `order_ids`: the orders checkouts tried to place with it, written before they place them, so a sweep
-- never deletes the proof of an order being placed; `claimed_at`: the last such try; `swept_at`: when a
-- sweep deleted its file (the row stays a day, so a checkout that read the file just before is refused).
CREATE TABLE proof_uploads (
  proof_key   text PRIMARY KEY,
  user_id     text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  order_ids   text[] NOT NULL DEFAULT '{}',
  claimed_at  timestamptz,
  swept_at    timestamptz
);
CREATE INDEX proof_uploads_uploaded_at_idx ON proof_uploads (uploaded_at);
