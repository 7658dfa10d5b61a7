import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { orderStreamName } from '@tcg/domain';
import { type Database, type EventStore, proofFolderOf, type Sql } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import type { FileStorage } from '../infra/files';
import type { JobQueue } from '../infra/jobs';
import { JOB_QUEUE } from '../jobs/jobs.module';
import { scheduledRun } from '../jobs/scheduled-run';
import { LOGGER, type Logger } from '../logging/logger';
import { PROOF_STORAGE } from './proof-store';

export const PROOF_SWEEP_JOB = 'proof-sweep';
export const PROOF_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A proof no order took is kept this long after its upload: a shopper may come back to the checkout. */
export const UNUSED_PROOF_KEPT_HOURS = 24;
/** A checkout that tried to place an order with a proof has settled well within this. */
export const CLAIM_SETTLED_MINUTES = 60;
/** Proofs looked at per run; the next run goes on. */
export const PROOFS_PER_SWEEP = 200;

export interface ProofSweepReport {
  /** Proofs no order took: file and row deleted. */
  deleted: number;
  /** Proofs of placed orders: kept, and no longer looked at. */
  kept: number;
  /** Erased customers whose proof folder was deleted, and proofs a checkout under way at their erasure left behind. */
  erased: number;
}

interface Upload {
  proof_key: string;
  order_ids: string[];
  claimed_at: Date | null;
}

/** The same claims: no checkout claimed the proof (a retry under the same order id included) in between. */
const sameClaims = (a: Upload, b: Upload) => a.order_ids.join() === b.order_ids.join() && a.claimed_at?.getTime() === b.claimed_at?.getTime();

/**
 * Deletes payment proofs no order was placed with, a day after their upload (soak QA: half a day's proofs
 * belonged to abandoned or refused checkouts, kept for ever: disk, and images of people's payments,
 * docs/decisions/0007-personal-data.md). A proof of a placed order is kept, as its order is. Each
 * proof is decided under its row's lock, which a checkout's `ProofStore.claim` waits for: a checkout
 * either claims it first (and the sweep keeps it) or finds it swept (and places nothing). A swept row
 * stays a day as that mark, then goes.
 */
@Injectable()
export class ProofSweeper implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROOF_STORAGE) private readonly files: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.jobs.register(PROOF_SWEEP_JOB, () => this.runOnSchedule(), { attempts: 1 });
    await this.jobs.repeat(PROOF_SWEEP_JOB, PROOF_SWEEP_EVERY_MS);
  }

  /** The schedule's run: one the database drops ends with a warning, and the next does its work (`scheduledRun`). */
  runOnSchedule(): Promise<void> {
    return scheduledRun(async () => {
      const report = await this.run();
      if (report.deleted > 0 || report.kept > 0 || report.erased > 0) this.logger.info({ ...report }, 'proofs swept');
    }, this.logger, 'proof sweep');
  }

  async run(): Promise<ProofSweepReport> {
    const report: ProofSweepReport = { deleted: 0, kept: 0, erased: await this.eraseForgotten() };
    await this.db.query(`DELETE FROM proof_uploads WHERE swept_at < now() - make_interval(hours => $1)`, [UNUSED_PROOF_KEPT_HOURS]);
    const { rows } = await this.db.query<{ proof_key: string }>(
      `SELECT proof_key FROM proof_uploads
        WHERE swept_at IS NULL AND uploaded_at < now() - make_interval(hours => $1)
          AND (claimed_at IS NULL OR claimed_at < now() - make_interval(mins => $2))
        ORDER BY uploaded_at LIMIT $3`,
      [UNUSED_PROOF_KEPT_HOURS, CLAIM_SETTLED_MINUTES, PROOFS_PER_SWEEP],
    );
    for (const { proof_key: key } of rows) {
      const outcome = await this.decide(key);
      if (outcome) report[outcome] += 1;
    }
    return report;
  }

  /**
   * An erased customer's proof images (docs/decisions/0007): the folder of each customer `tcg customer
   * forget` erased since the last run (the CLI does not reach the file storage), then what a checkout under
   * way at their erasure wrote after it: its proof's file and rows. Such a customer's key row has no key; no
   * new checkout of theirs gets past sealing, so nothing claims these again.
   */
  private async eraseForgotten(): Promise<number> {
    const { rows: erased } = await this.db.query<{ user_id: string }>(
      'SELECT user_id FROM personal_data_keys WHERE key IS NULL AND files_erased_at IS NULL ORDER BY forgotten_at LIMIT $1',
      [PROOFS_PER_SWEEP],
    );
    let folders = 0;
    for (const { user_id: userId } of erased) {
      // Under the row's lock: a `forget` run again meanwhile (after a restored backup) waits, and its
      // emptied mark has the next run delete the folder once more.
      const deleted = await this.db.transaction(async (tx) => {
        const { rows: still } = await tx.query(
          'SELECT 1 FROM personal_data_keys WHERE user_id = $1 AND key IS NULL AND files_erased_at IS NULL FOR UPDATE',
          [userId],
        );
        if (still.length === 0) return false;
        await this.files.deleteFolder(proofFolderOf(userId));
        await tx.query('UPDATE personal_data_keys SET files_erased_at = now() WHERE user_id = $1', [userId]);
        return true;
      });
      if (deleted) folders += 1;
    }
    const { rows } = await this.db.query<{ proof_key: string }>(
      `SELECT u.proof_key FROM proof_uploads u JOIN personal_data_keys k ON k.user_id = u.user_id
        WHERE k.key IS NULL ORDER BY u.proof_key LIMIT $1`,
      [PROOFS_PER_SWEEP],
    );
    for (const { proof_key: key } of rows) {
      // The file before the row, as below: a crash in between leaves a row the next run finds again.
      await this.files.delete(key);
      await this.db.query('DELETE FROM proof_uploads WHERE proof_key = $1', [key]);
    }
    await this.db.query('DELETE FROM order_proofs p USING personal_data_keys k WHERE k.user_id = p.user_id AND k.key IS NULL');
    return folders + rows.length;
  }

  /**
   * The log is read first, outside the transaction (the embedded database has one connection, which the
   * transaction holds); then, under the row's lock, which a checkout's claim waits for, the proof is
   * decided unless a checkout claimed it in between.
   */
  private async decide(key: string): Promise<keyof ProofSweepReport | null> {
    const seen = await this.upload(this.db, key, false);
    if (!seen) return null;
    const placed = await this.placedWithIt(seen);
    return this.db.transaction(async (tx) => {
      const upload = await this.upload(tx, key, true);
      // Taken by another sweep, or claimed by a checkout since it was read: the next run decides it.
      if (!upload || !sameClaims(upload, seen)) return null;
      if (placed) {
        await tx.query('DELETE FROM proof_uploads WHERE proof_key = $1', [key]);
        return 'kept';
      }
      // The file before the mark: a crash in between leaves a row the next run finds with no file to delete.
      await this.files.delete(key);
      await tx.query('UPDATE proof_uploads SET swept_at = now() WHERE proof_key = $1', [key]);
      return 'deleted';
    });
  }

  private async upload(sql: Sql, key: string, lock: boolean): Promise<Upload | null> {
    const { rows } = await sql.query<Upload>(
      `SELECT proof_key, order_ids, claimed_at FROM proof_uploads WHERE proof_key = $1 AND swept_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [key],
    );
    return rows[0] ?? null;
  }

  /** Whether an order was placed with the proof: its stream holds `OrderPlaced` (the log, whatever the read models' lag). */
  private async placedWithIt(upload: Upload): Promise<boolean> {
    for (const orderId of upload.order_ids) {
      const events = await this.store.readStream(orderStreamName(orderId));
      if (events.some((event) => event.type === 'OrderPlaced')) return true;
    }
    return false;
  }
}
