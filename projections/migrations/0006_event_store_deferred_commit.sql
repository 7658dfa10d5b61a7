-- Appends may defer their durable flush (docs/decisions/0003-deferred-durability-for-reservations.md).
-- Same function as 0002, with one more parameter; the old signature goes so calls cannot pick it.
DROP FUNCTION event_store_append(text, bigint, jsonb);

CREATE FUNCTION event_store_append(p_stream text, p_expected bigint, p_events jsonb, p_deferred boolean DEFAULT false)
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
  -- Local to this transaction: its commit returns without waiting for the log flush. The log is
  -- written in order, so the next immediate commit anywhere in the database makes this one durable too.
  IF p_deferred THEN
    PERFORM set_config('synchronous_commit', 'off', true);
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
