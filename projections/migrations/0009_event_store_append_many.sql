-- Several streams in one transaction (docs/decisions/0004-atomic-multi-stream-append.md): every stream's
-- expected revision is checked and either all events are stored or none. Same rules as the single
-- append (0007): advisory stream locks before the transaction has an id, positions tx id * 65536 + n,
-- idempotent by event id. n runs across the streams in the order given, each stream's events in order.
--
-- p_appends: [{"stream": text, "expected": null | -1 | n, "events": [{id, type, data, metadata}, ...]}],
-- each stream once. Returns one row per stream, in the order given: outcome 'appended' | 'duplicate' |
-- 'conflict' (the same for every row), the stream's last revision and, unless a conflict, the position
-- of its last event.

-- Per stream of a multi-stream append: how many of its event ids are stored, how many of those in
-- another stream, and the last revision and position of those stored in it.
CREATE FUNCTION event_store_stored_ids_many(p_appends jsonb)
RETURNS TABLE (stream text, found integer, misplaced integer, last_revision bigint, last_position bigint)
LANGUAGE sql STABLE AS $$
  WITH wanted AS (
    SELECT a.s ->> 'stream' AS stream, a.ord, (x ->> 'id')::uuid AS id
      FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(s, ord), jsonb_array_elements(a.s -> 'events') x),
  -- Looked up by id first (ANY(ARRAY(...)), see 0007), so the join never meets the whole table.
  stored AS MATERIALIZED (
    SELECT e.event_id, e.stream_id, e.revision, e.position FROM events e
     WHERE e.event_id = ANY (ARRAY(SELECT w.id FROM wanted w)))
  SELECT w.stream, count(s.event_id)::integer, (count(s.event_id) FILTER (WHERE s.stream_id <> w.stream))::integer,
         max(s.revision) FILTER (WHERE s.stream_id = w.stream), max(s.position) FILTER (WHERE s.stream_id = w.stream)
    FROM wanted w LEFT JOIN stored s ON s.event_id = w.id
   GROUP BY w.stream, w.ord
   ORDER BY w.ord
$$;

-- Checks run as plain PL/pgSQL expressions where they can (no executor). The plans are generic: the
-- statements' shapes never change, and re-planning them per call (what the default does for
-- array-valued variables here) cost as much as the rest of the function.
CREATE FUNCTION event_store_append_many(p_appends jsonb, p_deferred boolean DEFAULT false)
RETURNS TABLE (stream text, outcome text, last_revision bigint, last_position bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_streams   text[];
  v_expected  bigint[];
  v_counts    integer[];
  v_offsets   integer[];
  v_current   bigint[];
  v_n         integer;
  v_total     integer := 0;
  v_conflict  boolean := false;
  v_key       integer;
  v_keys      integer[];
  v_revision  bigint;
  v_inserted  integer;
  v_tx        bigint;
  v_found     integer;
  v_misplaced integer;
BEGIN
  -- The lock keys come sorted and distinct (array_agg(DISTINCT ...) sorts).
  SELECT array_agg(a.s ->> 'stream' ORDER BY a.ord), array_agg((a.s ->> 'expected')::bigint ORDER BY a.ord),
         array_agg(jsonb_array_length(a.s -> 'events') ORDER BY a.ord), array_agg(DISTINCT hashtext(a.s ->> 'stream')),
         count(DISTINCT a.s ->> 'stream')
    INTO v_streams, v_expected, v_counts, v_keys, v_found
    FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(s, ord);
  v_n := coalesce(cardinality(v_streams), 0);
  IF v_n = 0 OR 0 = ANY (v_counts) THEN
    RAISE EXCEPTION 'a multi-stream append names at least one stream, each with at least one event';
  END IF;
  IF v_found <> v_n THEN
    RAISE EXCEPTION 'a multi-stream append names each stream once';
  END IF;
  FOR i IN 1 .. v_n LOOP
    v_offsets[i] := v_total; -- events of the streams before this one
    v_total := v_total + v_counts[i];
  END LOOP;
  IF v_total > 65536 THEN
    RAISE EXCEPTION 'an append holds 1 to 65536 events, not %', v_total;
  END IF;
  IF p_deferred THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  -- Every stream's lock before this transaction has an id (see 0002), in one global order (the lock key),
  -- so two multi-stream appends never wait on each other in a cycle.
  FOREACH v_key IN ARRAY v_keys LOOP
    PERFORM pg_advisory_xact_lock(2002, v_key);
  END LOOP;

  FOR i IN 1 .. v_n LOOP
    SELECT max(e.revision) INTO v_revision FROM events e WHERE e.stream_id = v_streams[i];
    v_current[i] := coalesce(v_revision, -1);
    v_conflict := v_conflict OR (v_expected[i] IS NOT NULL AND v_expected[i] <> v_current[i]);
  END LOOP;
  IF v_conflict THEN
    SELECT sum(f.found), sum(f.misplaced) INTO v_found, v_misplaced FROM event_store_stored_ids_many(p_appends) f;
    IF v_found = v_total AND v_misplaced = 0 THEN
      RETURN QUERY SELECT f.stream, 'duplicate'::text, f.last_revision, f.last_position FROM event_store_stored_ids_many(p_appends) f;
      RETURN;
    ELSIF v_found > 0 THEN
      RAISE EXCEPTION 'event ids of this append were already used by another append'
        USING ERRCODE = 'unique_violation', HINT = 'event_store_event_id_reused';
    END IF;
    FOR i IN 1 .. v_n LOOP
      stream := v_streams[i]; outcome := 'conflict'; last_revision := v_current[i]; last_position := NULL;
      RETURN NEXT;
    END LOOP;
    RETURN;
  END IF;

  v_tx := pg_current_xact_id()::text::bigint;
  IF v_tx >= 137438953472 THEN -- 2^37: beyond it positions would pass 2^53, unsafe as a JS number
    RAISE EXCEPTION 'transaction id % is too large for event positions', v_tx;
  END IF;
  INSERT INTO events (position, event_id, stream_id, revision, type, data, metadata)
  SELECT v_tx * 65536 + v_offsets[a.ord] + x.ord - 1, (x.e ->> 'id')::uuid, a.s ->> 'stream',
         v_current[a.ord] + x.ord, x.e ->> 'type', x.e -> 'data', x.e -> 'metadata'
    FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(s, ord),
         jsonb_array_elements(a.s -> 'events') WITH ORDINALITY AS x(e, ord)
  ON CONFLICT (event_id) DO NOTHING;
  GET DIAGNOSTICS v_inserted = ROW_COUNT;
  IF v_inserted = v_total THEN
    FOR i IN 1 .. v_n LOOP
      stream := v_streams[i]; outcome := 'appended'; last_revision := v_current[i] + v_counts[i];
      last_position := v_tx * 65536 + v_offsets[i] + v_counts[i] - 1;
      RETURN NEXT;
    END LOOP;
    RETURN;
  END IF;

  -- As in 0007: all ids stored before, each in its own stream, is a re-sent append answered as the first
  -- time; anything else is an error, and the exception undoes the rows this statement did insert.
  SELECT sum(f.found), sum(f.misplaced) INTO v_found, v_misplaced FROM event_store_stored_ids_many(p_appends) f;
  IF v_inserted = 0 AND v_found = v_total AND v_misplaced = 0 THEN
    RETURN QUERY SELECT f.stream, 'duplicate'::text, f.last_revision, f.last_position FROM event_store_stored_ids_many(p_appends) f;
    RETURN;
  END IF;
  RAISE EXCEPTION 'event ids of this append were already used by another append'
    USING ERRCODE = 'unique_violation', HINT = 'event_store_event_id_reused';
END
$$;
