import { pendingKeys } from './pending-keys';

/**
 * How long a key whose request got no answer is offered again after a reload: long enough for a shop
 * to restart or a session to be renewed, short enough that an admin who later means to add the same
 * again is not mistaken for a retry.
 */
const PENDING_MAX_AGE_MS = 30 * 60 * 1000;

/**
 * One key per distinct request, for admin actions that add something (stock, a card): sending the same
 * body again, as after an answer lost to a dropped connection, reuses its key, so the server applies it
 * once; a changed body, or any request after `done()`, gets a fresh key. The key of a request not yet
 * settled is kept in the tab's sessionStorage under `scope`, so a reload or a new sign-in after a crash
 * sends the same key for the same body.
 */
export function useIdempotencyKey(scope: string) {
  const keys = pendingKeys(() => window.sessionStorage, `idempotency:${scope}`, PENDING_MAX_AGE_MS);
  return {
    keyFor: (body: unknown): string => keys.keyFor(JSON.stringify(body)),
    /** After a success: the next request is a new one, even with the same values. */
    done: (): void => keys.settle(),
  };
}
