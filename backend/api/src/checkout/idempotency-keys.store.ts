import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { ApiError } from '../web/api-exception.filter';
import type { CheckoutResult } from './checkout.command';
import { checkoutMessages } from './checkout.messages';
import type { PlannedReservation } from './reservation-attempts.store';

export interface IdempotencyClaim {
  key: string;
  userId: string;
  requestHash: string;
}

/** The first request's attempt, recorded with the claim so a crash right after it is covered. */
export interface AttemptToRecord {
  attemptId: string;
  orderId: string;
  reservations: PlannedReservation[];
}

export type ClaimOutcome = { kind: 'owner'; takeover: boolean } | { kind: 'done'; result: CheckoutResult };

/** How long a duplicate waits for the first request, and after how long an unfinished one is abandoned. */
export const WAIT_FOR_FIRST_MS = 15_000;
export const ABANDONED_AFTER_MS = 120_000;
const POLL_MS = 20;

interface KeyRow {
  request_hash: string;
  status: 'pending' | 'done';
  response: CheckoutResult | null;
}

/**
 * The Idempotency-Key table. The key is claimed (INSERT … ON CONFLICT) before any work; a
 * concurrent duplicate polls until the first request has answered. A key the first request gave up
 * on (refused) is forgotten, so the shopper can fix the cart and submit again.
 */
@Injectable()
export class IdempotencyKeysStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One round trip in the common case: the claim and the attempt's write-ahead row together. It
   * commits without waiting for its WAL flush: the first reservation's append waits for a flush
   * that covers this earlier commit too, and if nothing after it became durable there is nothing to
   * sweep and the key was never answered.
   */
  async claim(claim: IdempotencyClaim, attempt: AttemptToRecord): Promise<ClaimOutcome> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const { rowCount } = await this.db.query(
        `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
         claim AS (
           INSERT INTO idempotency_keys (key, user_id, request_hash) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING user_id)
         INSERT INTO reservation_attempts (attempt_id, order_id, user_id, reservations)
         SELECT $4, $5, user_id, $6::jsonb FROM claim, async_commit`,
        [claim.key, claim.userId, claim.requestHash, attempt.attemptId, attempt.orderId, JSON.stringify(attempt.reservations)],
      );
      if (rowCount === 1) return { kind: 'owner', takeover: false };
      const outcome = await this.existing(claim);
      if (outcome) return outcome;
      if (Date.now() > deadline) throw new ApiError(409, 'checkout_in_progress', checkoutMessages.inProgress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async complete(claim: IdempotencyClaim, result: CheckoutResult): Promise<void> {
    await this.db.query(`UPDATE idempotency_keys SET status = 'done', response = $3 WHERE user_id = $1 AND key = $2`, [
      claim.userId,
      claim.key,
      JSON.stringify(result),
    ]);
  }

  async forget(claim: IdempotencyClaim): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status = 'pending'`, [
      claim.userId,
      claim.key,
    ]);
  }

  /** Undefined while the first request is still running (or was forgotten between two reads). */
  private async existing(claim: IdempotencyClaim): Promise<ClaimOutcome | undefined> {
    const { rows } = await this.db.query<KeyRow>(
      'SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [claim.userId, claim.key],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.request_hash !== claim.requestHash) {
      throw new ApiError(422, 'idempotency_key_reused', checkoutMessages.keyReused);
    }
    if (row.status === 'done' && row.response) return { kind: 'done', result: row.response };
    // The first request died without answering: this one takes the key over and finishes the work.
    const { rowCount } = await this.db.query(
      `UPDATE idempotency_keys SET created_at = now()
        WHERE user_id = $1 AND key = $2 AND status = 'pending' AND created_at < now() - make_interval(secs => $3)`,
      [claim.userId, claim.key, ABANDONED_AFTER_MS / 1000],
    );
    return rowCount === 1 ? { kind: 'owner', takeover: true } : undefined;
  }
}
