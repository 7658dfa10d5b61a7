import type { Durability } from '@tcg/projections';
import type { CommandContext } from './command-context';
import type { StreamType } from './stream-decider.service';
import type { StreamSnapshot } from './stream-snapshot-cache';

export type StoredEvent = { type: string; version: number; data: unknown };

/** A stream a multi-stream decision reads and writes. */
export interface StreamRef {
  type: StreamType<StoredEvent, unknown>;
  streamId: string;
}

export interface DecideManyRequest {
  /** Every stream the decision reads, in the order their events are appended (positions follow it). */
  streams: readonly StreamRef[];
  /**
   * Pure: each stream's new events by stream id, for every stream or for none (a stream read but not
   * written would go unchecked by the append); or throws a DomainError.
   */
  decide(states: ReadonlyMap<string, unknown>): ReadonlyMap<string, StoredEvent[]>;
  context: CommandContext;
  durability?: Durability;
}

export interface DecideManyResult {
  /** Empty when the decision wrote nothing. */
  events: ReadonlyMap<string, StoredEvent[]>;
  /** Every stream as decided on, or as written. */
  snapshots: ReadonlyMap<string, StreamSnapshot<unknown>>;
  /** Where the last event was written; 0 when nothing was. */
  position: number;
}

export function emptySnapshot(type: StreamRef['type']): StreamSnapshot<unknown> {
  return { state: type.initialState(), revision: -1, position: 0 };
}

/** Runs the decision and holds it to its rule: events for every stream it read, or for none. */
export function decideAcross(
  request: DecideManyRequest,
  snapshots: ReadonlyMap<string, StreamSnapshot<unknown>>,
): ReadonlyMap<string, StoredEvent[]> {
  const decided = request.decide(new Map([...snapshots].map(([streamId, snapshot]) => [streamId, snapshot.state] as const)));
  const written = request.streams.filter(({ streamId }) => (decided.get(streamId)?.length ?? 0) > 0).length;
  const unknown = [...decided.keys()].some((streamId) => !snapshots.has(streamId));
  if (unknown || (written > 0 && written < request.streams.length)) {
    throw new Error('a multi-stream decision writes every stream it reads, or none');
  }
  return written === 0 ? new Map() : decided;
}
