-- A replay or rebuild from position 0 loads hundreds of thousands of rows into empty tables. Keeping
-- every secondary index up to date row by row costs more than building each index once at the end, so
-- such a load drops them first and creates them again when it has caught up. Their definitions wait
-- here, committed with the drop, so a load that dies half-way leaves what is needed to put them back:
-- the next runner or load of the projection restores them (docs/operations-cli.md).
CREATE TABLE projection_deferred_indexes (
  index_name text PRIMARY KEY,
  table_name text NOT NULL,
  definition text NOT NULL
);
CREATE INDEX projection_deferred_indexes_table_idx ON projection_deferred_indexes (table_name);
