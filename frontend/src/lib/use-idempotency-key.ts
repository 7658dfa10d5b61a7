import { useRef } from 'react';

interface Pending {
  fingerprint: string;
  key: string;
  savedAt: number;
}

/**
 * How long a key whose request got no answer is offered again after a reload: long enough for a shop
 * to restart or a session to be renewed, short enough that an admin who later means to add the same
 * again is not mistaken for a retry.
 */
const PENDING_MAX_AGE_MS = 30 * 60 * 1000;

function readPending(storageKey: string): Pending | null {
  try {
    const pending = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null') as Pending | null;
    return pending && Date.now() - pending.savedAt < PENDING_MAX_AGE_MS ? pending : null;
  } catch {
    return null;
  }
}

/**
 * One key per distinct request, for admin actions that add something (stock, a card): sending the same
 * body again, as after an answer lost to a dropped connection, reuses its key, so the server applies it
 * once; a changed body, or any request after `done()`, gets a fresh key. The key of a request not yet
 * settled is kept in the tab's sessionStorage under `scope`, so a reload or a new sign-in after a crash
 * sends the same key for the same body.
 */
export function useIdempotencyKey(scope: string) {
  const storageKey = `idempotency:${scope}`;
  const current = useRef<Pending | null>(null);
  return {
    keyFor(body: unknown): string {
      const fingerprint = JSON.stringify(body);
      if (current.current?.fingerprint !== fingerprint) {
        const pending = readPending(storageKey);
        current.current = pending?.fingerprint === fingerprint ? pending : { fingerprint, key: crypto.randomUUID(), savedAt: Date.now() };
        window.sessionStorage.setItem(storageKey, JSON.stringify(current.current));
      }
      return current.current.key;
    },
    /** After a success: the next request is a new one, even with the same values. */
    done(): void {
      current.current = null;
      window.sessionStorage.removeItem(storageKey);
    },
  };
}
