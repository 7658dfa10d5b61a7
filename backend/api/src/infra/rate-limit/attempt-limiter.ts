/** What `admit` answers: whether the attempt may go on, and when not, in how many seconds it may. */
export interface Admission {
  admitted: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts attempts rather than requests: at most `limit` distinct attempts per key in a fixed window of
 * `ttlMs` (opened by the first), and an attempt admitted once is admitted again, however often it is
 * re-sent, until the window ends. A checkout re-sent under its Idempotency-Key (after a lost answer, a
 * busy shop) is the same checkout, not another one.
 */
export interface AttemptLimiter {
  admit(key: string, attempt: string, limit: number, ttlMs: number): Promise<Admission>;
}

interface Window {
  expiresAt: number;
  attempts: Set<string>;
}

/** Past this many keys, each admit first drops the windows that have ended. */
const SWEEP_ABOVE = 10_000;

/** The attempts of this process alone: without Redis, or while it does not answer. */
export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly windows = new Map<string, Window>();

  async admit(key: string, attempt: string, limit: number, ttlMs: number): Promise<Admission> {
    const now = Date.now();
    if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.expiresAt <= now) {
      window = { expiresAt: now + ttlMs, attempts: new Set() };
      this.windows.set(key, window);
    }
    if (window.attempts.has(attempt)) return { admitted: true, retryAfterSeconds: 0 };
    if (window.attempts.size >= limit) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((window.expiresAt - now) / 1000)) };
    window.attempts.add(attempt);
    return { admitted: true, retryAfterSeconds: 0 };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.expiresAt <= now) this.windows.delete(key);
  }
}
