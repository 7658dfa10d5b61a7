import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';

/** Payment proofs by content hash, for the atomic checkout: a proof used on an earlier order is flagged. */
@Injectable()
export class OrderProofsStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Records the order's proof and answers the earliest other order that used the same image (null when
   * none), the same every time it is asked for one order: the first recording keeps its answer. Its
   * commit does not wait for the WAL flush: the order is durable already, and a retried submit records
   * a lost row again.
   */
  async record(orderId: string, proofHash: string, userId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ duplicate_of: string | null }>(
      `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO order_proofs (order_id, proof_hash, user_id, duplicate_of)
       SELECT $1, $2, $3, (SELECT order_id FROM order_proofs WHERE proof_hash = $2 AND order_id <> $1 ORDER BY created_at LIMIT 1)
         FROM async_commit
       ON CONFLICT (order_id) DO NOTHING RETURNING duplicate_of`,
      [orderId, proofHash, userId],
    );
    if (rows.length > 0) return rows[0].duplicate_of;
    const recorded = await this.db.query<{ duplicate_of: string | null }>('SELECT duplicate_of FROM order_proofs WHERE order_id = $1', [
      orderId,
    ]);
    return recorded.rows[0]?.duplicate_of ?? null;
  }
}
