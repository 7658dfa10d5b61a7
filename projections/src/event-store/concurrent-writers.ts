import { randomUUID } from 'node:crypto';
import { ConcurrencyError, EventStore, ExpectedRevision, SubscriptionBatch } from './event-store.port';

/** The concurrency test's and the benchmark's workload: writers racing on shared streams. */
export interface WorkloadSettings {
  writers: number;
  events: number;
  streams: number;
  streamPrefix: string;
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
  const known = new Map<string, ExpectedRevision>();
  const writer = async () => {
    while (remaining > 0) {
      remaining -= 1;
      const streamId = `${settings.streamPrefix}${Math.floor(Math.random() * settings.streams)}`;
      const id = randomUUID();
      for (;;) {
        const started = performance.now();
        try {
          const metadata = { correlationId: id, actor: 'bench' };
          const { nextRevision } = await store.append(streamId, [{ id, type: 'StockAdded', data: { quantity: 1 }, metadata }], known.get(streamId) ?? 'no_stream');
          result.latenciesMs.push(performance.now() - started);
          const cached = known.get(streamId);
          // Another writer may have cached a newer revision while this append was in flight.
          known.set(streamId, typeof cached === 'number' ? Math.max(cached, nextRevision) : nextRevision);
          const ids = result.appended.get(streamId) ?? [];
          ids[nextRevision] = id;
          result.appended.set(streamId, ids);
          break;
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          result.conflicts += 1;
          known.set(streamId, error.actual < 0 ? 'no_stream' : error.actual);
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
