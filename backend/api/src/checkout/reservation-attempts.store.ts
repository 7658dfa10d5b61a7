import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import type { CheckoutResult } from './checkout.command';
import type { IdempotencyClaim } from './idempotency-keys.store';

export interface PlannedReservation {
  cardId: string;
  reservationId: string;
  quantity: number;
}

export interface OpenAttempt {
  attemptId: string;
  orderId: string;
  reservations: PlannedReservation[];
}

/** The checkout's write-ahead log of reservations, read by the sweeper after a crash. */
@Injectable()
export class ReservationAttemptsStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async record(attemptId: string, orderId: string, userId: string, reservations: PlannedReservation[]): Promise<void> {
    await this.db.query(
      'INSERT INTO reservation_attempts (attempt_id, order_id, user_id, reservations) VALUES ($1, $2, $3, $4::jsonb)',
      [attemptId, orderId, userId, JSON.stringify(reservations)],
    );
  }

  /**
   * After `OrderPlaced`: the attempt is done, the proof is recorded and the key answers from now on,
   * in one statement. Returns the earliest other order that used the same proof image. Its commit
   * does not wait for the WAL flush: if a crash loses it, the sweeper finds the order placed and marks
   * the attempt, and a retried submit takes the key over and answers with the placed order.
   */
  async placed(attemptId: string, claim: IdempotencyClaim, result: Omit<CheckoutResult, 'duplicateProofOf'>, proofHash: string): Promise<string | null> {
    const { rows } = await this.db.query<{ duplicate: string | null }>(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       duplicate AS (
         SELECT order_id FROM order_proofs WHERE proof_hash = $3 AND order_id <> $2 ORDER BY created_at LIMIT 1),
       attempt AS (
         UPDATE reservation_attempts SET status = 'placed', updated_at = now() WHERE attempt_id = $1),
       proof AS (
         INSERT INTO order_proofs (order_id, proof_hash, user_id) VALUES ($2, $3, $4) ON CONFLICT (order_id) DO NOTHING),
       answer AS (
         UPDATE idempotency_keys
            SET status = 'done', response = $6::jsonb || jsonb_build_object('duplicateProofOf', (SELECT order_id FROM duplicate))
          WHERE user_id = $4 AND key = $5)
       SELECT (SELECT order_id FROM duplicate) AS duplicate FROM async_commit`,
      [attemptId, result.orderId, proofHash, claim.userId, claim.key, JSON.stringify(result)],
    );
    return rows[0].duplicate;
  }

  async released(attemptId: string): Promise<void> {
    await this.db.query(`UPDATE reservation_attempts SET status = 'released', updated_at = now() WHERE attempt_id = $1`, [
      attemptId,
    ]);
  }

  async markPlaced(attemptId: string): Promise<void> {
    await this.db.query(`UPDATE reservation_attempts SET status = 'placed', updated_at = now() WHERE attempt_id = $1`, [
      attemptId,
    ]);
  }

  /** Attempts still reserving after `olderThanMs`: their request is gone, their order never got placed. */
  async abandoned(olderThanMs: number, limit = 500): Promise<OpenAttempt[]> {
    const { rows } = await this.db.query<{ attempt_id: string; order_id: string; reservations: PlannedReservation[] }>(
      `SELECT attempt_id, order_id, reservations FROM reservation_attempts
        WHERE status = 'reserving' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((row) => ({ attemptId: row.attempt_id, orderId: row.order_id, reservations: row.reservations }));
  }
}
