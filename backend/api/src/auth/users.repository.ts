import type { Sql } from '@tcg/projections';

/** A shopper as the API hands it out (spec §3 User, with the first name for the header greeting). */
export interface AuthUser {
  id: string;
  name: string;
  firstName: string;
  email: string;
  phone: string | null;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

const COLUMNS = 'id, name, email, phone';

function toUser(row: UserRow): AuthUser {
  return { ...row, firstName: row.name.trim().split(/\s+/)[0] ?? '' };
}

export interface GoogleIdentity {
  sub: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

/**
 * The user behind a Google identity, created on first sign-in. A user already known by e-mail (the
 * demo customer, or one created before Google was wired) is linked to the Google subject, but only
 * when Google vouches for the address, the row is not already linked to another subject, and the row
 * holds no admin role: the demo seed's admin has none, and whoever had a Google account with its
 * address would have signed in as an admin (security review). An admin signs in with Google first and
 * is granted the role after (`tcg admin grant`). Returns null when the identity must not sign in.
 */
export async function upsertGoogleUser(db: Sql, identity: GoogleIdentity): Promise<AuthUser | null> {
  const known = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE google_sub = $1`, [identity.sub]);
  if (known.rows[0]) return toUser(known.rows[0]);
  if (!identity.emailVerified) return null;
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (google_sub, name, email) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(email))) DO UPDATE SET google_sub = EXCLUDED.google_sub, updated_at = now()
       WHERE users.google_sub IS NULL AND NOT EXISTS (SELECT 1 FROM admins WHERE admins.user_id = users.id)
     RETURNING ${COLUMNS}`,
    [identity.sub, identity.name || identity.email, identity.email],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

/** A demo account by e-mail, created when the database was not seeded with it (dev sign-in only). */
export async function upsertUserByEmail(db: Sql, user: { name: string; email: string; phone: string }): Promise<AuthUser> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (name, email, phone) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(email))) DO UPDATE SET updated_at = now()
     RETURNING ${COLUMNS}`,
    [user.name, user.email, user.phone],
  );
  return toUser(rows[0]);
}

export async function findUser(db: Sql, id: string): Promise<AuthUser | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** Read on every check, never cached, so revoking an admin takes effect on the next request. */
export async function isAdmin(db: Sql, userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM admins WHERE user_id = $1 AND role = 'admin'`, [userId]);
  return rows.length > 0;
}

export async function grantAdminTo(db: Sql, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO admins (user_id, role) VALUES ($1, 'admin') ON CONFLICT (user_id) DO UPDATE SET role = 'admin'`,
    [userId],
  );
}

export async function updatePhone(db: Sql, userId: string, phone: string): Promise<AuthUser | null> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET phone = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [userId, phone],
  );
  return rows[0] ? toUser(rows[0]) : null;
}
