import type { Database } from '../db/sql';
import { ERASED } from './personal-data-keys';

/** An admin is not erased: the role is taken away first (`tcg admin revoke`), so no shop loses its last admin unawares. */
export class ForgetAdminError extends Error {
  constructor(readonly userId: string) {
    super(`user ${userId} is an admin; take the role away first (tcg admin revoke EMAIL)`);
    this.name = 'ForgetAdminError';
  }
}

/** A user id the shop holds nothing of: a mistyped id is not reported as an erasure. */
export class UnknownCustomerError extends Error {
  constructor(readonly userId: string) {
    super(`no customer with user id ${userId}`);
    this.name = 'UnknownCustomerError';
  }
}

/** Where a customer's payment proofs are kept in the file storage (`ProofStore` in the API writes there). */
export const proofFolderOf = (userId: string) => `proofs/${userId}`;

/** What `forgetCustomer` erased. */
export interface ForgetReport {
  userId: string;
  /** Orders whose buyer was sealed: unreadable from now on, in the read models, the log and every rebuild. */
  sealedOrders: number;
  /** Orders placed before sealing blanked now in `orders`; the log still names their buyer, which replays write erased (ADR 0007, item 5). */
  ordersInTheClear: number;
  /** The folder of the customer's proof images, which the shop's next proof sweep deletes (within the hour). */
  proofFolder: string;
}

/**
 * Erases a customer (Ley 29733's cancellation; docs/decisions/0007-personal-data.md), in one transaction:
 * destroys their key, so no order they placed since sealing can be opened again, blanks the orders placed
 * before, and deletes their account, sessions, Discord link, proof records and checkout bookkeeping; their
 * proof images go at the shop's next proof sweep (`files_erased_at`, migration 0026), which reaches the
 * file storage this process may not. A
 * checkout attempt still reserving is left to the sweeper, which finishes it; a checkout already past its
 * sealing may still place its order, unreadable like the rest. The orders projection writes the orders
 * in the clear of a forgotten customer erased in a replay or rebuild. Run again, it blanks any order in
 * the clear still naming the customer (a restored backup's, say). Refuses an admin
 * (`ForgetAdminError`) and an id the shop holds nothing of (`UnknownCustomerError`).
 */
export async function forgetCustomer(db: Database, userId: string): Promise<ForgetReport> {
  return db.transaction(async (tx) => {
    const { rows: admins } = await tx.query('SELECT 1 FROM admins WHERE user_id::text = $1', [userId]);
    if (admins.length > 0) throw new ForgetAdminError(userId);
    const { rows: known } = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE id::text = $1) OR EXISTS (SELECT 1 FROM orders WHERE user_id = $1)
              OR EXISTS (SELECT 1 FROM personal_data_keys WHERE user_id = $1) AS known`,
      [userId],
    );
    if (!(known[0] as { known: boolean }).known) throw new UnknownCustomerError(userId);
    // The row stays without its key: a checkout sealing for the customer after this is refused. Its
    // `files_erased_at` is emptied, so the proof sweep deletes the folder (again, after a restored backup).
    await tx.query(
      `INSERT INTO personal_data_keys (user_id, key, forgotten_at) VALUES ($1, NULL, now())
       ON CONFLICT (user_id) DO UPDATE SET key = NULL, forgotten_at = COALESCE(personal_data_keys.forgotten_at, now()), files_erased_at = NULL`,
      [userId],
    );
    for (const table of ['order_proofs', 'proof_uploads', 'idempotency_keys']) await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM reservation_attempts WHERE user_id = $1 AND status <> 'reserving'`, [userId]);
    // Those still naming the buyer: run again, it counts what is left in the clear, not what it blanked before.
    const clear = await tx.query(
      `UPDATE orders SET name = $2, email = $2, phone = $2
        WHERE user_id = $1 AND buyer_sealed IS NULL AND (name IS DISTINCT FROM $2 OR email IS DISTINCT FROM $2 OR phone IS DISTINCT FROM $2)`,
      [userId, ERASED],
    );
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND buyer_sealed IS NOT NULL', [userId]);
    await tx.query(`DELETE FROM sessions WHERE sess->>'userId' = $1`, [userId]);
    // Its admins and discord_links rows go with it (ON DELETE CASCADE).
    await tx.query('DELETE FROM users WHERE id::text = $1', [userId]);
    return { userId, sealedOrders: rows[0].n, ordersInTheClear: clear.rowCount, proofFolder: proofFolderOf(userId) };
  });
}
