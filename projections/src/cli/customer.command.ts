import { Command } from 'commander';
import type { Database, Sql } from '../db/sql';
import { ForgetAdminError, type ForgetReport, forgetCustomer, UnknownCustomerError } from '../personal-data/forget-customer';
import { ERASED, PersonalDataKeys } from '../personal-data/personal-data-keys';
import { UnknownUserError, userIdByEmail } from './admin.command';

/** Everything the shop keeps about one customer (docs/decisions/0007-personal-data.md), for a request to see it. */
export interface CustomerData {
  user: { id: string; googleAccount: string | null; name: string; email: string; phone: string | null; createdAt: string; updatedAt: string };
  admin: boolean;
  discord: { discordId: string; username: string; globalName: string | null; avatar: string | null; linkedAt: string } | null;
  /** Devices signed in now. */
  activeSessions: number;
  orders: Array<{
    id: string;
    createdAt: string;
    status: string;
    name: string;
    email: string;
    phone: string;
    total: number;
    proofKey: string;
    items: Array<{ cardId: string; name: string; quantity: number; unitPrice: number }>;
  }>;
  /** Payment proofs recorded against the customer's orders, by the hash of their image. */
  proofs: Array<{ orderId: string; proofHash: string; createdAt: string }>;
  /**
   * Payment proofs uploaded and not yet swept (`proof_uploads`): those of checkouts not placed are kept a
   * day. Proofs uploaded before uploads were noted are in the files alone, under `proofs/{user id}/`.
   */
  uploads: Array<{ proofKey: string; uploadedAt: string; orderIds: string[] }>;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function customerData(db: Sql, email: string): Promise<CustomerData> {
  const id = await userIdByEmail(db, email, false);
  const [users, admins, links, sessions, orders, items, proofs, uploads] = await Promise.all([
    db.query<{ id: string; google_sub: string | null; name: string; email: string; phone: string | null; created_at: Date; updated_at: Date }>(
      'SELECT id, google_sub, name, email, phone, created_at, updated_at FROM users WHERE id = $1',
      [id],
    ),
    db.query('SELECT 1 FROM admins WHERE user_id = $1', [id]),
    db.query<{ discord_id: string; username: string; global_name: string | null; avatar: string | null; linked_at: Date }>(
      'SELECT discord_id, username, global_name, avatar, linked_at FROM discord_links WHERE user_id = $1',
      [id],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE sess->>'userId' = $1 AND expires_at > now()`, [id]),
    db.query<{ id: string; created_at: Date; status: string; name: string | null; email: string | null; phone: string | null; buyer_sealed: string | null; total: string | number; proof_key: string }>(
      'SELECT id, created_at, status, name, email, phone, buyer_sealed, total, proof_key FROM orders WHERE user_id = $1 ORDER BY created_at, id',
      [id],
    ),
    db.query<{ order_id: string; card_id: string; name: string; quantity: string | number; unit_price: string | number }>(
      `SELECT i.order_id, i.card_id, i.name, i.quantity, i.unit_price FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.user_id = $1 ORDER BY i.order_id, i.line`,
      [id],
    ),
    db.query<{ order_id: string; proof_hash: string; created_at: Date }>(
      'SELECT order_id, proof_hash, created_at FROM order_proofs WHERE user_id = $1 ORDER BY created_at, order_id',
      [id],
    ),
    db.query<{ proof_key: string; uploaded_at: Date; order_ids: string[] }>(
      'SELECT proof_key, uploaded_at, order_ids FROM proof_uploads WHERE user_id = $1 AND swept_at IS NULL ORDER BY uploaded_at, proof_key',
      [id],
    ),
  ]);
  const user = users.rows[0];
  const link = links.rows[0];
  const contacts = await new PersonalDataKeys(db).contacts(orders.rows.map((order) => ({ userId: id, sealed: order.buyer_sealed, name: order.name, email: order.email, phone: order.phone })));
  return {
    user: { id, googleAccount: user.google_sub, name: user.name, email: user.email, phone: user.phone, createdAt: iso(user.created_at), updatedAt: iso(user.updated_at) },
    admin: admins.rows.length > 0,
    discord: link ? { discordId: link.discord_id, username: link.username, globalName: link.global_name, avatar: link.avatar, linkedAt: iso(link.linked_at) } : null,
    activeSessions: sessions.rows[0].n,
    orders: orders.rows.map((order, index) => ({
      id: order.id,
      createdAt: iso(order.created_at),
      status: order.status,
      ...contacts[index],
      total: Number(order.total),
      proofKey: order.proof_key,
      items: items.rows
        .filter((item) => item.order_id === order.id)
        .map((item) => ({ cardId: item.card_id, name: item.name, quantity: Number(item.quantity), unitPrice: Number(item.unit_price) })),
    })),
    proofs: proofs.rows.map((proof) => ({ orderId: proof.order_id, proofHash: proof.proof_hash, createdAt: iso(proof.created_at) })),
    uploads: uploads.rows.map((upload) => ({ proofKey: upload.proof_key, uploadedAt: iso(upload.uploaded_at), orderIds: upload.order_ids })),
  };
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

function forgotten(who: string, report: ForgetReport): string {
  const { sealedOrders: sealed, ordersInTheClear: clear } = report;
  return [
    `${who} is erased (user ${report.userId}): their key is destroyed, so ${sealed === 0 ? 'nothing sealed with it can be read again' : `the ${orders(sealed)} sealed with it ${sealed === 1 ? 'reads' : 'read'} '${ERASED}' everywhere, for good`}.`,
    // Only when there were any (CLI QA: "0 orders … read 'Datos eliminados' too").
    ...(clear === 0
      ? []
      : [`${orders(clear)} placed before buyers were sealed now ${clear === 1 ? 'reads' : 'read'} '${ERASED}' too; the event log still names their buyer, and a replay or rebuild of orders writes it erased.`]),
    `Their payment proof images (${report.proofFolder}/ in the files folder or bucket) are deleted by the shop's next proof sweep, within the hour.`,
  ].join('\n');
}

/**
 * `tcg customer export EMAIL`: what the shop keeps about a customer, as JSON on stdout (indented, or one
 * line with `--json`), for a customer who asks to see their data (Ley 29733). The event log holds the
 * same orders (docs/decisions/0007-personal-data.md).
 */
/** How the customer commands reach the database (with transactions); main.ts opens and closes it. */
export type WithTransactions = <T>(work: (db: Database) => Promise<T>) => Promise<T>;

export function customerCommand(withDatabase: WithTransactions): Command {
  const customer = new Command('customer').description("A customer's personal data (docs/decisions/0007-personal-data.md)");
  customer
    .command('export')
    .argument('<email>', "the customer's e-mail")
    .description('Print everything the shop keeps about the customer, as JSON')
    .action(async function (this: Command, given: string): Promise<void> {
      const email = given.trim();
      if (!email) this.error("error: missing required argument 'email'", { exitCode: 2, code: 'tcg.missingEmail' });
      try {
        const data = await withDatabase((db) => customerData(db, email));
        const json = (this.optsWithGlobals() as { json?: boolean }).json;
        process.stdout.write(`${JSON.stringify(data, null, json ? undefined : 2)}\n`);
      } catch (error) {
        if (error instanceof UnknownUserError) this.error(`error: ${error.message}`, { exitCode: 1, code: 'tcg.unknownUser' });
        throw error;
      }
    });
  customer
    .command('forget')
    .argument('<email-or-user-id>', "the customer's e-mail, or their user id once the account is gone")
    .option('--yes', 'confirm: the erasure cannot be undone')
    .description("Erase the customer's personal data for good (Ley 29733), keeping their orders as sales records")
    .action(async function (this: Command, given: string, options: { yes?: boolean }): Promise<void> {
      const who = given.trim();
      if (!who) this.error("error: missing required argument 'email-or-user-id'", { exitCode: 2, code: 'tcg.missingEmail' });
      if (!options.yes) this.error(`error: erasing ${who} cannot be undone; run again with --yes`, { exitCode: 2, code: 'tcg.unconfirmed' });
      try {
        const report = await withDatabase(async (db) => forgetCustomer(db, USER_ID.test(who) ? who.toLowerCase() : await userIdByEmail(db, who, false)));
        const json = (this.optsWithGlobals() as { json?: boolean }).json;
        process.stdout.write(`${json ? JSON.stringify(report) : forgotten(who, report)}\n`);
      } catch (error) {
        if (error instanceof UnknownUserError || error instanceof UnknownCustomerError) this.error(`error: ${error.message}`, { exitCode: 1, code: 'tcg.unknownUser' });
        if (error instanceof ForgetAdminError) this.error(`error: ${error.message}`, { exitCode: 1, code: 'tcg.adminNotForgotten' });
        throw error;
      }
    });
  return customer;
}
