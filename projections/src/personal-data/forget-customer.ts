import type { Database } from '../db/sql';
import { ERASED } from './personal-data-keys';

/** What `forgetCustomer` erased. */
export interface ForgetReport {
  userId: string;
  /** Orders whose buyer was sealed: unreadable from now on, in the read models, the log and every rebuild. */
  sealedOrders: number;
  /** Orders placed before sealing: blanked in `orders`; the log still names their buyer (ADR 0007, item 5). */
  ordersInTheClear: number;
  /** Where the customer's proof images are, for the operator to delete (the CLI does not reach the files). */
  proofFolder: string;
}

/**
 * Erases a customer (Ley 29733's cancellation; docs/decisions/0007-personal-data.md), in one transaction:
 * destroys their key, so no order they placed since sealing can be opened again, blanks the orders placed
 * before, and deletes their account, sessions, Discord link, proof records and checkout bookkeeping. A
 * checkout attempt still reserving is left to the sweeper, which finishes it. Run again after a rebuild or
 * replay of orders, it blanks once more the orders in the clear that the log wrote back.
 */
export async function forgetCustomer(db: Database, userId: string): Promise<ForgetReport> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM personal_data_keys WHERE user_id = $1', [userId]);
    for (const table of ['order_proofs', 'proof_uploads', 'idempotency_keys']) await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM reservation_attempts WHERE user_id = $1 AND status <> 'reserving'`, [userId]);
    const clear = await tx.query('UPDATE orders SET name = $2, email = $2, phone = $2 WHERE user_id = $1 AND buyer_sealed IS NULL', [userId, ERASED]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND buyer_sealed IS NOT NULL', [userId]);
    await tx.query(`DELETE FROM sessions WHERE sess->>'userId' = $1`, [userId]);
    // Its admins and discord_links rows go with it (ON DELETE CASCADE).
    await tx.query('DELETE FROM users WHERE id = $1::uuid', [userId]);
    return { userId, sealedOrders: rows[0].n, ordersInTheClear: clear.rowCount, proofFolder: `proofs/${userId}/` };
  });
}
