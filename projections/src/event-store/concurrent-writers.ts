import { randomUUID } from 'node:crypto';
import { ConcurrencyError, EventStore, ExpectedRevision, hasAtomicAppendMany, SubscriptionBatch } from './event-store.port';

/** The concurrency test's and the benchmark's workload: writers racing on shared streams. */
export interface WorkloadSettings {
  writers: number;
  events: number;
  streams: number;
  streamPrefix: string;
  /**
   * Every nth append writes two to four streams in one `appendMany` (one event each; the store must
   * have it); the others write one. Absent: single-stream appends only.
   */
  multiStreamEvery?: number;
}

export interface WorkloadResult {
  /** Every appended event id, by stream, in revision order. */
  appended: Map<string, string[]>;
  conflicts: number;
  latenciesMs: number[];
}

/**
 * The writers share one cache of stream revisions, as the command handlers of one API process do
 * (DESIGN §2), so conflicts come from real races; on one they retry with the revision the error reports.
 */
export async function runConcurrentWriters(store: EventStore, settings: WorkloadSettings): Promise<WorkloadResult> {
  const result: WorkloadResult = { appended: new Map(), conflicts: 0, latenciesMs: [] };
  let remaining = settings.events;
  let appends = 0;
  const known = new Map<string, ExpectedRevision>();
  const pickStreams = (): string[] => {
    appends += 1;
    const wanted = settings.multiStreamEvery && appends % settings.multiStreamEvery === 0 ? 2 + Math.floor(Math.random() * 3) : 1;
    const picked = new Set<string>();
    while (picked.size < Math.min(wanted, remaining, settings.streams)) {
      picked.add(`${settings.streamPrefix}${Math.floor(Math.random() * settings.streams)}`);
    }
    return [...picked];
  };
  const recordAppended = (streamId: string, id: string, nextRevision: number) => {
    const cached = known.get(streamId);
    // Another writer may have cached a newer revision while this append was in flight.
    known.set(streamId, typeof cached === 'number' ? Math.max(cached, nextRevision) : nextRevision);
    const ids = result.appended.get(streamId) ?? [];
    ids[nextRevision] = id;
    result.appended.set(streamId, ids);
  };
  const append = async (streamIds: string[], ids: string[]) => {
    const events = ids.map((id) => [{ id, type: 'StockAdded', data: { quantity: 1 }, metadata: { correlationId: id, actor: 'bench' } }]);
    if (streamIds.length === 1) {
      const { nextRevision } = await store.append(streamIds[0], events[0], known.get(streamIds[0]) ?? 'no_stream');
      return [nextRevision];
    }
    if (!hasAtomicAppendMany(store)) throw new Error(`${store.name} cannot append to several streams at once`);
    const many = await store.appendMany(
      streamIds.map((streamId, i) => ({ streamId, events: events[i], expected: known.get(streamId) ?? 'no_stream' })),
    );
    return many.streams.map((stream) => stream.nextRevision);
  };
  const writer = async () => {
    while (remaining > 0) {
      const streamIds = pickStreams();
      remaining -= streamIds.length;
      const ids = streamIds.map(() => randomUUID());
      for (;;) {
        const started = performance.now();
        try {
          const revisions = await append(streamIds, ids);
          result.latenciesMs.push(performance.now() - started);
          streamIds.forEach((streamId, i) => recordAppended(streamId, ids[i], revisions[i]));
          break;
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          result.conflicts += 1;
          known.set(error.streamId, error.actual < 0 ? 'no_stream' : error.actual);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: settings.writers }, writer));
  return result;
}

/** Counts what a subscriber receives: how often each event id, and whether streams come in order. */
export function deliveryAuditor() {
  const received = new Map<string, number>();
  const lastRevision = new Map<string, number>();
  let outOfOrder = 0;
  const handler = async (batch: SubscriptionBatch) => {
    for (const event of batch.events) {
      received.set(event.metadata.eventId, (received.get(event.metadata.eventId) ?? 0) + 1);
      if (event.revision !== (lastRevision.get(event.streamId) ?? -1) + 1) outOfOrder += 1;
      lastRevision.set(event.streamId, event.revision);
    }
  };
  const report = (appended: Map<string, string[]>) => {
    const ids = [...appended.values()].flat();
    return {
      received: [...received.values()].reduce((sum, count) => sum + count, 0),
      skipped: ids.filter((id) => !received.has(id)).length,
      duplicated: [...received.values()].filter((count) => count > 1).length,
      outOfOrder,
    };
  };
  return { handler, report };
}
