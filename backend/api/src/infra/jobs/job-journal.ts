import type { Database } from '@tcg/projections';

/** A job the in-process runner has taken and not finished. */
export interface JournaledJob {
  name: string;
  id: string;
  data: unknown;
  /** The run it is waiting for: 1 before the first, 2 before the first retry, ... */
  attempt: number;
  /** Epoch milliseconds. */
  runAt: number;
}

/**
 * Where the in-process runner keeps its unfinished jobs, so that a restart runs them (BullMQ keeps its
 * own in Redis). A job is saved before `enqueue` resolves and removed once it succeeds or fails for good;
 * one that was running when the process died runs again, which handlers allow (they are idempotent).
 */
export interface JobJournal {
  /** Adds the job, or updates its attempt and time. */
  save(job: JournaledJob): Promise<void>;
  remove(name: string, id: string): Promise<void>;
  /** Every unfinished job, in the order they are due. */
  unfinished(): Promise<JournaledJob[]>;
}

interface JobRow {
  name: string;
  id: string;
  payload: { data?: unknown };
  attempt: number;
  run_at_ms: string | number;
}

/** The journal in the read-model database (`queued_jobs`): PGlite under DATA_DIR, or DATABASE_URL. */
export class DatabaseJobJournal implements JobJournal {
  constructor(private readonly db: Database) {}

  async save({ name, id, data, attempt, runAt }: JournaledJob): Promise<void> {
    await this.db.query(
      `INSERT INTO queued_jobs (name, id, payload, attempt, run_at_ms) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name, id) DO UPDATE SET payload = EXCLUDED.payload, attempt = EXCLUDED.attempt, run_at_ms = EXCLUDED.run_at_ms`,
      [name, id, JSON.stringify({ data }), attempt, runAt],
    );
  }

  async remove(name: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM queued_jobs WHERE name = $1 AND id = $2', [name, id]);
  }

  async unfinished(): Promise<JournaledJob[]> {
    const { rows } = await this.db.query<JobRow>('SELECT name, id, payload, attempt, run_at_ms FROM queued_jobs ORDER BY run_at_ms, seq');
    return rows.map((row) => ({ name: row.name, id: row.id, data: row.payload.data, attempt: row.attempt, runAt: Number(row.run_at_ms) }));
  }
}
