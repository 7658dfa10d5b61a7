interface Pending {
  fingerprint: string;
  key: string;
  savedAt: number;
}

/**
 * Idempotency-Keys of requests not yet answered, kept in `storage` under `name` so that a reload, a new
 * sign-in or a restarted shop sends the same key for the same request (the server then answers with
 * what it may already have done). One pending request per name; `settle()` once an answer came.
 */
export function pendingKeys(storage: () => Storage, name: string, maxAgeMs: number) {
  const read = (): Pending | null => {
    try {
      const pending = JSON.parse(storage().getItem(name) ?? 'null') as Pending | null;
      return pending && Date.now() - pending.savedAt < maxAgeMs ? pending : null;
    } catch {
      return null;
    }
  };
  return {
    /** The key kept for this request, or a new one kept from now on. */
    keyFor(fingerprint: string): string {
      const pending = read();
      if (pending?.fingerprint === fingerprint) return pending.key;
      const fresh: Pending = { fingerprint, key: crypto.randomUUID(), savedAt: Date.now() };
      storage().setItem(name, JSON.stringify(fresh));
      return fresh.key;
    },
    /** The key of a request still waiting for its answer, whatever it asked. */
    pending(): string | null {
      return read()?.key ?? null;
    },
    /** The key of a request still waiting for its answer that asked something other than `fingerprint`. */
    pendingOtherThan(fingerprint: string): string | null {
      const pending = read();
      return pending && pending.fingerprint !== fingerprint ? pending.key : null;
    },
    /** An answer came (or a refusal): the next request is a new one, even with the same values. */
    settle(): void {
      storage().removeItem(name);
    },
  };
}
