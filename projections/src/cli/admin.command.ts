import { Command } from 'commander';
import type { Sql } from '../db/sql';

/** How a command reaches the database; main.ts decides how to open and close it. */
export type WithDatabase = <T>(work: (db: Sql) => Promise<T>) => Promise<T>;

export type AdminChange = 'granted' | 'already-admin' | 'revoked' | 'was-not-admin';

export class UnknownUserError extends Error {
  constructor(
    readonly email: string,
    granting: boolean,
  ) {
    super(`no user with e-mail ${email}${granting ? ': they must sign in to the shop once before being made an admin' : ''}`);
  }
}

export async function userIdByEmail(db: Sql, email: string, granting: boolean): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new UnknownUserError(email, granting);
  return rows[0].id;
}

/** Makes the user an admin (spec §3: an `admins` row with role 'admin'); the shop reads it on the next request. */
export async function grantAdmin(db: Sql, email: string): Promise<AdminChange> {
  const userId = await userIdByEmail(db, email, true);
  const { rowCount } = await db.query(
    `INSERT INTO admins (user_id, role) VALUES ($1, 'admin')
     ON CONFLICT (user_id) DO UPDATE SET role = 'admin', granted_at = now() WHERE admins.role <> 'admin'`,
    [userId],
  );
  return rowCount > 0 ? 'granted' : 'already-admin';
}

/** Removes the admin row; an open session loses admin rights on its next request. */
export async function revokeAdmin(db: Sql, email: string): Promise<AdminChange> {
  const userId = await userIdByEmail(db, email, false);
  const { rowCount } = await db.query('DELETE FROM admins WHERE user_id = $1', [userId]);
  return rowCount > 0 ? 'revoked' : 'was-not-admin';
}

const SENTENCES: Record<AdminChange, (email: string) => string> = {
  granted: (email) => `${email} is now an admin`,
  'already-admin': (email) => `${email} was already an admin`,
  revoked: (email) => `${email} is no longer an admin`,
  'was-not-admin': (email) => `${email} was not an admin`,
};

/** `tcg admin grant EMAIL` and `tcg admin revoke EMAIL`; honours a global `--json` when main.ts defines one. */
export function adminCommand(withDatabase: WithDatabase): Command {
  const admin = new Command('admin').description('Grant or revoke the admin role of a signed-up user');
  const action = (change: (db: Sql, email: string) => Promise<AdminChange>) =>
    async function (this: Command, given: string): Promise<void> {
      // A quoted address may carry the spaces of a paste; a blank one is no address at all.
      const email = given.trim();
      if (!email) this.error("error: missing required argument 'email'", { exitCode: 2, code: 'tcg.missingEmail' });
      try {
        const result = await withDatabase((db) => change(db, email));
        const json = (this.optsWithGlobals() as { json?: boolean }).json;
        process.stdout.write(`${json ? JSON.stringify({ email, result }) : SENTENCES[result](email)}\n`);
      } catch (error) {
        if (error instanceof UnknownUserError) this.error(`error: ${error.message}`, { exitCode: 1, code: 'tcg.unknownUser' });
        throw error;
      }
    };
  admin.command('grant').argument('<email>', "the user's e-mail").description('Make the user an admin').action(action(grantAdmin));
  admin.command('revoke').argument('<email>', "the user's e-mail").description('Take the admin role away').action(action(revokeAdmin));
  return admin;
}
