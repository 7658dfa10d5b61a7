-- The jobs the in-process runner (no REDIS_URL) has not finished, so that a process that stops or dies
-- with a card's pictures still to copy copies them when it starts again. A row goes when its job succeeds
-- or fails for good; BullMQ keeps its own jobs in Redis and does not use this table.
CREATE TABLE queued_jobs (
  name text NOT NULL,
  id text NOT NULL,
  -- {"data": …}: a job without data round-trips as one without data, not as null.
  payload jsonb NOT NULL,
  attempt integer NOT NULL,
  run_at_ms bigint NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (name, id)
);
