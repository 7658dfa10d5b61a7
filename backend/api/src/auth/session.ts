import type { Request } from 'express';
import './auth.types';

export const SESSION_COOKIE = 'tcg.sid';
/** Only the API reads the session; static files and pages never carry the cookie. */
export const SESSION_COOKIE_PATH = '/api';
/** Rolling: every answer moves the expiry, so only two idle weeks sign a shopper out. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * A visitor who starts a Google sign-in gets a session only to keep the OAuth state: it lasts long enough
 * to finish signing in, not two weeks (sign-in gives a fresh session with the full age).
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Google sign-in starts and callbacks per client address per minute (the global limit is 600 of anything). */
export const SIGN_INS_PER_MINUTE = 30;

function promised(run: (done: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((err) => (err ? reject(err) : resolve())));
}

/** A fresh session id at sign-in, so an id planted before sign-in never becomes a signed-in one. */
export async function startSession(req: Request, userId: string): Promise<void> {
  await promised((done) => req.session.regenerate(done));
  req.session.userId = userId;
  await promised((done) => req.session.save(done));
}

export async function endSession(req: Request): Promise<void> {
  if (!req.session) return;
  await promised((done) => req.session.destroy(done));
}
