import { useRef } from 'react';

/**
 * One key per distinct request, for admin actions that add something (stock, a card): sending the same
 * body again, as after an answer lost to a dropped connection, reuses its key, so the server applies it
 * once; a changed body, or any request after `done()`, gets a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const fingerprint = JSON.stringify(body);
      if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: crypto.randomUUID() };
      return current.current.key;
    },
    /** After a success: the next request is a new one, even with the same values. */
    done(): void {
      current.current = null;
    },
  };
}
