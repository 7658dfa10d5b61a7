-- The append's common case does one lookup (the stream's last revision) and the insert; event ids are
-- looked up only when something is off: the revision does not match (a re-sent append whose first
-- attempt succeeded looks like that) or the insert finds ids already stored. Same results as 0006.

-- Which of an append's event ids are stored already, whether all in this stream, and where they ended.
CREATE FUNCTION event_store_stored_ids(p_stream text, p_events jsonb)
RETURNS TABLE (found integer, same_stream boolean, last_revision bigint, last_position bigint)
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer, coalesce(bool_and(e.stream_id = p_stream), true), max(e.revision), max(e.position)
    FROM events e
   -- ANY(ARRAY(...)), not IN (SELECT ...): the planner turns the latter into a scan of the whole table.
   WHERE e.event_id = ANY (ARRAY(SELECT (x ->> 'id')::uuid FROM jsonb_array_elements(p_events) x))
$$;

CREATE OR REPLACE FUNCTION event_store_append(p_stream text, p_expected bigint, p_events jsonb, p_deferred boolean DEFAULT false)
RETURNS TABLE (outcome text, last_revision bigint, last_position bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_count    integer := jsonb_array_length(p_events);
  v_current  bigint;
  v_inserted integer;
  v_tx       bigint;
  v_stored   record;
BEGIN
  IF v_count = 0 OR v_count > 65536 THEN
    RAISE EXCEPTION 'an append holds 1 to 65536 events, not %', v_count;
  END IF;
  IF p_deferred THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  -- Before this transaction has an id (see 0002): a later append to the stream gets higher positions.
  PERFORM pg_advisory_xact_lock(2002, hashtext(p_stream));

  SELECT max(e.revision) INTO v_current FROM events e WHERE e.stream_id = p_stream;
  v_current := coalesce(v_current, -1);
  IF p_expected IS NOT NULL AND p_expected <> v_current THEN
    SELECT * INTO v_stored FROM event_store_stored_ids(p_stream, p_events);
    IF v_stored.found = v_count AND v_stored.same_stream THEN
      RETURN QUERY SELECT 'duplicate'::text, v_stored.last_revision, v_stored.last_position;
      RETURN;
    ELSIF v_stored.found > 0 THEN
      RAISE EXCEPTION 'event ids of this append were already used by another append'
        USING ERRCODE = 'unique_violation', HINT = 'event_store_event_id_reused';
    END IF;
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
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, ord)
  ON CONFLICT (event_id) DO NOTHING;
  GET DIAGNOSTICS v_inserted = ROW_COUNT;
  IF v_inserted = v_count THEN
    RETURN QUERY SELECT 'appended'::text, v_current + v_count, v_tx * 65536 + v_count - 1;
    RETURN;
  END IF;

  -- Some ids were stored before. All of them, in this stream: a re-sent append, answered as the first
  -- time (nothing was inserted). Otherwise the exception undoes the rows this statement did insert.
  SELECT * INTO v_stored FROM event_store_stored_ids(p_stream, p_events);
  IF v_inserted = 0 AND v_stored.found = v_count AND v_stored.same_stream THEN
    RETURN QUERY SELECT 'duplicate'::text, v_stored.last_revision, v_stored.last_position;
    RETURN;
  END IF;
  RAISE EXCEPTION 'event ids of this append were already used by another append'
    USING ERRCODE = 'unique_violation', HINT = 'event_store_event_id_reused';
END
$$;
