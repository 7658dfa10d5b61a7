/** A stream folded up to `revision`; `position` is the global position of that last event (0: none). */
export interface StreamSnapshot<TState> {
  state: TState;
  /** -1 when the stream has no events yet. */
  revision: number;
  position: number;
}

export const DEFAULT_SNAPSHOT_CAPACITY = 20_000;

/**
 * The last folded state of the busiest streams, so loading a card with thousands of movements reads
 * only the events after the snapshot. States are immutable, so a snapshot can be handed out as is.
 * Least recently used entries are dropped first (a Map keeps insertion order).
 */
export class StreamSnapshotCache {
  private readonly entries = new Map<string, StreamSnapshot<unknown>>();

  constructor(private readonly capacity = DEFAULT_SNAPSHOT_CAPACITY) {}

  get<TState>(streamId: string): StreamSnapshot<TState> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry) return undefined;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry as StreamSnapshot<TState>;
  }

  set<TState>(streamId: string, snapshot: StreamSnapshot<TState>): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, snapshot);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
