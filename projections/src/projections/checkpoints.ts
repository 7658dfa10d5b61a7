import type { Sql } from '../db/sql';

export type ProjectionState = 'running' | 'halted';

export interface Checkpoint {
  name: string;
  position: number;
  state: ProjectionState;
  lastError: string | null;
  eventsApplied: number;
  updatedAt: Date;
}

interface CheckpointRow {
  name: string;
  position: number;
  state: ProjectionState;
  last_error: string | null;
  events_applied: number;
  updated_at: Date | string;
}

const COLUMNS = 'name, position, state, last_error, events_applied, updated_at';

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    position: row.position,
    state: row.state,
    lastError: row.last_error,
    eventsApplied: row.events_applied,
    updatedAt: new Date(row.updated_at),
  };
}

/** Creates the row at 0 the first time a projection runs. */
export async function ensureCheckpoint(sql: Sql, name: string): Promise<void> {
  await sql.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
}

/** The row locked for this transaction: the runner, a replay and a rebuild's swap take turns on it. */
export async function lockCheckpoint(tx: Sql, name: string): Promise<Checkpoint> {
  await ensureCheckpoint(tx, name);
  const { rows } = await tx.query<CheckpointRow>(`SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = $1 FOR UPDATE`, [name]);
  return toCheckpoint(rows[0]);
}

export async function readCheckpoint(sql: Sql, name: string): Promise<Checkpoint | undefined> {
  const { rows } = await sql.query<CheckpointRow>(`SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = $1`, [name]);
  return rows[0] && toCheckpoint(rows[0]);
}

export async function readCheckpoints(sql: Sql): Promise<Checkpoint[]> {
  const { rows } = await sql.query<CheckpointRow>(`SELECT ${COLUMNS} FROM projection_checkpoints ORDER BY name`);
  return rows.map(toCheckpoint);
}

export async function advanceCheckpoint(tx: Sql, name: string, position: number, applied: number): Promise<void> {
  await tx.query(
    `UPDATE projection_checkpoints SET position = $2, events_applied = events_applied + $3, updated_at = now() WHERE name = $1`,
    [name, position, applied],
  );
}

/** Puts a projection back at the start (replay) or at a rebuilt position (rebuild swap), running again. */
export async function resetCheckpoint(tx: Sql, name: string, position: number, eventsApplied: number): Promise<void> {
  await ensureCheckpoint(tx, name);
  await tx.query(
    `UPDATE projection_checkpoints
        SET position = $2, events_applied = $3, state = 'running', last_error = NULL, updated_at = now()
      WHERE name = $1`,
    [name, position, eventsApplied],
  );
}

export async function haltCheckpoint(sql: Sql, name: string, error: string): Promise<void> {
  await ensureCheckpoint(sql, name);
  await sql.query(`UPDATE projection_checkpoints SET state = 'halted', last_error = $2, updated_at = now() WHERE name = $1`, [
    name,
    error,
  ]);
}

/** A halted projection running again from where it stands (the same failure records its error anew). */
export async function resumeCheckpoint(sql: Sql, name: string): Promise<void> {
  await sql.query(`UPDATE projection_checkpoints SET state = 'running', last_error = NULL, updated_at = now() WHERE name = $1 AND state = 'halted'`, [name]);
}

export async function deleteCheckpoint(sql: Sql, name: string): Promise<void> {
  await sql.query('DELETE FROM projection_checkpoints WHERE name = $1', [name]);
}
