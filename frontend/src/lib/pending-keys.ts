interface Pending {
  /** `digest` of what the request asked: the checkout's asks hold a name, an e-mail and a phone. */
  fingerprint: string;
  key: string;
  savedAt: number;
}

/**
 * What a request asked, as 16 hex digits: equal asks give equal digests, and the storage never holds the
 * ask itself (privacy QA read a shopper's name, phone and proof file name in `checkoutAttempt` on a
 * shared phone). Two 32-bit FNV-1a hashes with different seeds; a match by chance between two asks of one
 * shopper within a day is out of reach, and the server refuses a key sent again with another body anyway.
 */
function digest(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ code, 0x01000193) >>> 0;
    high = (high ^ (low >>> 15)) >>> 0;
  }
  return low.toString(16).padStart(8, '0') + high.toString(16).padStart(8, '0');
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
      const asked = digest(fingerprint);
      if (pending?.fingerprint === asked) return pending.key;
      const fresh: Pending = { fingerprint: asked, key: crypto.randomUUID(), savedAt: Date.now() };
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
      return pending && pending.fingerprint !== digest(fingerprint) ? pending.key : null;
    },
    /** An answer came (or a refusal): the next request is a new one, even with the same values. */
    settle(): void {
      storage().removeItem(name);
    },
  };
}
