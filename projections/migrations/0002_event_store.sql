-- Event store (DESIGN §4, docs/decisions/0001-event-store-ordering.md).
--
-- position = transaction id * 65536 + index within the append. Readers only read below the oldest
-- running transaction id (pg_snapshot_xmin), so everything they can see is final and in position
-- order: no event can commit later with a position below one already read. Positions are therefore
-- increasing but sparse, like EventStoreDB's commit positions.
CREATE TABLE events (
  position   bigint PRIMARY KEY,
  event_id   uuid NOT NULL UNIQUE,
  stream_id  text NOT NULL,
  revision   bigint NOT NULL,
  type       text NOT NULL,
  data       jsonb NOT NULL,
  metadata   jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision)
);

-- Appends are one statement (one round trip, one transaction). It sends no NOTIFY: a notifying commit
-- takes PostgreSQL's global notification lock and serialises concurrent appends; the adapter notifies
-- after the commit instead. p_expected: NULL = any, -1 = no stream,
-- n >= 0 = the stream's last revision. Returns outcome 'appended' | 'duplicate' | 'conflict' with the
-- stream's last revision and, unless a conflict, the position of the last event of the append.
CREATE FUNCTION event_store_append(p_stream text, p_expected bigint, p_events jsonb)
RETURNS TABLE (outcome text, last_revision bigint, last_position bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_count   integer := jsonb_array_length(p_events);
  v_found   integer;
  v_same    boolean;
  v_current bigint;
  v_last    bigint;
  v_tx      bigint;
BEGIN
  IF v_count = 0 OR v_count > 65536 THEN
    RAISE EXCEPTION 'an append holds 1 to 65536 events, not %', v_count;
  END IF;
  -- The stream lock comes before this transaction has an id, so a later append to the same stream
  -- always gets a higher transaction id, hence higher positions: per-stream order is global order.
  -- Advisory, not a row lock: taking a row lock would assign the transaction id while waiting.
  PERFORM pg_advisory_xact_lock(2002, hashtext(p_stream));

  SELECT count(*), max(e.revision), max(e.position), coalesce(bool_and(e.stream_id = p_stream), true)
    INTO v_found, v_current, v_last, v_same
    FROM events e
   -- ANY(ARRAY(...)), not IN (SELECT ...): the planner turns the latter into a scan of the whole table.
   WHERE e.event_id = ANY (ARRAY(SELECT (x ->> 'id')::uuid FROM jsonb_array_elements(p_events) x));
  IF v_found = v_count AND v_same THEN
    RETURN QUERY SELECT 'duplicate'::text, v_current, v_last;
    RETURN;
  ELSIF v_found > 0 THEN
    RAISE EXCEPTION 'event ids of this append were already used by another append'
      USING ERRCODE = 'unique_violation', HINT = 'event_store_event_id_reused';
  END IF;

  SELECT max(e.revision) INTO v_current FROM events e WHERE e.stream_id = p_stream;
  v_current := coalesce(v_current, -1);
  IF p_expected IS NOT NULL AND p_expected <> v_current THEN
    RETURN QUERY SELECT 'conflict'::text, v_current, NULL::bigint;
    RETURN;
  END IF;

  v_tx := pg_current_xact_id()::text::bigint;
  IF v_tx >= 137438953472 THEN -- 2^37: beyond it positions would pass 2^53, unsafe as a JS number
    RAISE EXCEPTION 'transaction id % is too large for event positions', v_tx;
  END IF;
  INSERT INTO events (position, event_id, stream_id, revision, type, data, metadata)
  SELECT v_tx * 65536 + x.ord - 1, (x.e ->> 'id')::uuid, p_stream, v_current + x.ord, x.e ->> 'type',
         x.e -> 'data', x.e -> 'metadata'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, ord);
  RETURN QUERY SELECT 'appended'::text, v_current + v_count, v_tx * 65536 + v_count - 1;
END
$$;
