import type { Database } from '../db/sql';
import { CARDS_PROJECTION } from './cards.projection';
import { ORDERS_PROJECTION } from './orders.projection';

export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Read-your-writes (DESIGN §5): a command returns the position it wrote; a query that follows may wait,
 * bounded, until the read models got that far. On timeout it answers anyway with what is there.
 */
export class ProjectionWaiter {
  constructor(
    private readonly db: Database,
    private readonly projections: readonly string[] = [CARDS_PROJECTION, ORDERS_PROJECTION],
    private readonly pollMs = 15,
    /**
     * The event store's newest position: a position past it was never returned by a write, and waiting
     * for it would only hold the request (and poll the database) for the whole timeout.
     */
    private readonly head?: () => Promise<number>,
  ) {}

  /**
   * Resolves true once every projection named (by default cards and orders) has a checkpoint at or past
   * `position`; false when `timeoutMs` passes first, one of them is halted (it would never get there), or
   * the position is past the store's newest event.
   */
  async waitFor(position: number, timeoutMs = READ_YOUR_WRITES_TIMEOUT_MS, projections: readonly string[] = this.projections): Promise<boolean> {
    if (!Number.isFinite(position) || position <= 0 || projections.length === 0) return true;
    const deadline = performance.now() + timeoutMs;
    for (let first = true; ; first = false) {
      const { rows } = await this.db.query<{ position: number; state: string }>(
        'SELECT position, state FROM projection_checkpoints WHERE name = ANY($1::text[])',
        [projections],
      );
      if (rows.some((row) => row.state === 'halted')) return false;
      if (rows.length === projections.length && rows.every((row) => row.position >= position)) return true;
      if (first && this.head && position > (await this.head())) return false;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await sleep(Math.min(this.pollMs, left));
    }
  }
}
