import type { Sql } from '@tcg/projections';
import { SessionData, Store } from 'express-session';

/** How long a session lives when its cookie carries no expiry (express-session always sets one here). */
const FALLBACK_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Rolling sessions touch on every request; a touch rewrites the row only when it would move the expiry
 * by more than this, so a burst of requests costs reads, not writes.
 */
const TOUCH_SLACK_MS = 60_000;

function expiryOf(session: SessionData): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + FALLBACK_TTL_MS);
}

/** express-session's store over the read-model database (table `sessions`, migration 0005). */
export class PgSessionStore extends Store {
  constructor(private readonly db: Sql) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db
      .query<{ sess: SessionData }>('SELECT sess FROM sessions WHERE sid = $1 AND expires_at > now()', [sid])
      .then(({ rows }) => callback(null, rows[0]?.sess ?? null), callback);
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    this.db
      .query(
        `INSERT INTO sessions (sid, sess, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expires_at = EXCLUDED.expires_at`,
        [sid, JSON.stringify(session), expiryOf(session)],
      )
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override touch(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = expiryOf(session);
    this.db
      .query('UPDATE sessions SET expires_at = $2 WHERE sid = $1 AND expires_at < $3', [
        sid,
        expiresAt,
        new Date(expiresAt.getTime() - TOUCH_SLACK_MS),
      ])
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  /** Deletes expired sessions; returns how many went. */
  async prune(): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM sessions WHERE expires_at <= now()');
    return rowCount;
  }
}
