import type { Database, SessionLock } from '../db/sql';
import type { EventStore, Subscription } from '../event-store/event-store.port';
import { applyBatch } from './apply-batch';
import { ensureCheckpoint, readCheckpoint, resumeCheckpoint } from './checkpoints';
import { restoreIndexes } from './deferred-indexes';
import { type Projection, RunMemory } from './projection';

/** Advisory lock class of projection runners (the event store's stream locks use 2002). */
export const PROJECTION_LOCK_SPACE = 3003;

export type RunnerState = 'idle' | 'standby' | 'running' | 'halted' | 'stopped';

export interface RunnerOptions {
  db: Database;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  /** Pause before trying the lock again, re-reading a halted checkpoint, or retrying after a transient error. */
  retryMs?: number;
  onError?(error: unknown): void;
  /**
   * The projection is halted (an event it cannot apply, or halted by another process): called once each
   * time this runner finds it so, with the recorded error. It stays halted until an operator replays it,
   * or until a runner takes it up again (below).
   */
  onHalted?(error: string): void;
  /**
   * Whether this runner, when it takes the projection up (its process starts, or takes over from one that
   * died), tries a halted projection again from its checkpoint: the code or the schema may have changed
   * since, as an upgrade that fixes the cause does. The same failure halts it again, recorded anew. Default true.
   */
  retryHalted?: boolean;
  /** A halted projection is being tried again (`retryHalted`): the error it was halted with. */
  onRetryingHalted?(error: string): void;
}

type Stop = { kind: 'restart' } | { kind: 'halted' } | { kind: 'lost' } | { kind: 'stopped' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps one projection up to date. Only the holder of the projection's advisory lock applies events,
 * so several projector processes can run for availability: the others wait in standby and take over
 * when the holder's session dies.
 */
export class ProjectionRunner {
  private current: RunnerState = 'idle';
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeStop: () => void = () => undefined;
  private readonly stopped = new Promise<void>((resolve) => (this.wakeStop = resolve));

  constructor(private readonly options: RunnerOptions) {}

  get state(): RunnerState {
    return this.current;
  }

  get name(): string {
    return this.options.projection.name;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeStop();
    await this.loop;
    this.current = 'stopped';
  }

  private get retryMs(): number {
    return this.options.retryMs ?? 1000;
  }

  private async pause(ms = this.retryMs): Promise<void> {
    await Promise.race([sleep(ms), this.stopped]);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let lock: SessionLock | null = null;
      try {
        lock = await this.options.db.tryLock(PROJECTION_LOCK_SPACE, this.name);
        if (!lock) {
          this.current = 'standby';
          await this.pause();
          continue;
        }
        await this.follow(lock);
      } catch (error) {
        this.options.onError?.(error);
        await this.pause();
      } finally {
        await lock?.release();
      }
    }
  }

  /** While the lock is held: subscribe from the checkpoint, restart when it moves, wait while halted. */
  private async follow(lock: SessionLock): Promise<void> {
    const lost = lock.lost.then((): Stop => ({ kind: 'lost' }));
    const stopped = this.stopped.then((): Stop => ({ kind: 'stopped' }));
    // A replay that died while it held the projection left its tables without their secondary indexes.
    await restoreIndexes(this.options.db.unbounded(), this.options.projection.tables);
    if (this.options.retryHalted ?? true) await this.retryHalted();
    for (;;) {
      await ensureCheckpoint(this.options.db, this.name);
      const checkpoint = await readCheckpoint(this.options.db, this.name);
      if (checkpoint?.state === 'halted') {
        if (this.current !== 'halted') this.options.onHalted?.(checkpoint.lastError ?? 'halted');
        this.current = 'halted';
        const next = await Promise.race([lost, stopped, sleep(this.retryMs).then((): Stop => ({ kind: 'halted' }))]);
        if (next.kind !== 'halted') return;
        continue;
      }
      this.current = 'running';
      const outcome = await this.subscribeFrom(checkpoint?.position ?? 0, lost, stopped);
      if (outcome.kind === 'lost' || outcome.kind === 'stopped') return;
    }
  }

  /** Sets a halted projection running again from its checkpoint (`RunnerOptions.retryHalted`). */
  private async retryHalted(): Promise<void> {
    const { db } = this.options;
    const checkpoint = await readCheckpoint(db, this.name);
    if (checkpoint?.state !== 'halted') return;
    await resumeCheckpoint(db, this.name);
    this.options.onRetryingHalted?.(checkpoint.lastError ?? 'halted');
  }

  private async subscribeFrom(from: number, lost: Promise<Stop>, stopped: Promise<Stop>): Promise<Stop> {
    const { db, store, projection } = this.options;
    let position = from;
    let signal: (stop: Stop) => void = () => undefined;
    const signalled = new Promise<Stop>((resolve) => (signal = resolve));
    const memory = new RunMemory();
    const subscription: Subscription = await store.subscribeProjected(
      from,
      projection.filter,
      async (batch) => {
        const outcome = await applyBatch(db, projection, batch, { expectedFrom: position, memory });
        if (outcome.kind === 'applied' || outcome.kind === 'skipped') position = outcome.position;
        else signal(outcome.kind === 'moved' ? { kind: 'restart' } : { kind: 'halted' });
      },
      { batchSize: this.options.batchSize ?? 1000 },
    );
    let watching = true;
    // A replay resets the checkpoint while this runner may be idle and caught up: look for it.
    const reset = (async (): Promise<Stop> => {
      for (;;) {
        await Promise.race([sleep(this.retryMs), stopped]);
        if (!watching) return { kind: 'stopped' };
        const stored = await readCheckpoint(db, projection.name);
        if (!stored || stored.position < position) return { kind: 'restart' };
      }
    })();
    try {
      return await Promise.race([signalled, lost, stopped, reset, subscription.done.then((): Stop => ({ kind: 'restart' }))]);
    } finally {
      watching = false;
      await subscription.close();
    }
  }
}
