import { randomUUID } from 'node:crypto';
import { orderStreamName, type TcgEvent } from '@tcg/domain';
import { nextTurn } from '../db/next-turn';
import { ConcurrencyError, type EventStore, type EventToAppend } from '../event-store/event-store.port';
import { SYNTHETIC_DEFAULT_SEED, SyntheticStep, syntheticHistory, syntheticOrderId } from './synthetic-history';

export interface SyntheticSeedOptions {
  store: EventStore;
  cards: number;
  events: number;
  seed?: number;
  /** Appends in flight at once. */
  concurrency?: number;
  /** Steps gathered before their events are grouped per stream and appended. */
  window?: number;
  onProgress?(appended: number): void;
}

/** The actor of a synthetic history's events: how a log a seed began is told from a shop's own. */
const SYNTHETIC_ACTOR = 'synthetic';

export function toAppend(event: TcgEvent, correlationId: string, actor = SYNTHETIC_ACTOR): EventToAppend {
  return { id: randomUUID(), type: event.type, data: event.data, metadata: { correlationId, actor, timestamp: (event.data as { at: string }).at } };
}

/**
 * The log already holds a stream this history opens (a card it lists, an order it places): the same seed
 * seeded before (with any --cards), or another seed's card of the same name, print and edition. Writing
 * into it would list the card or place the order a second time, and halt the projections for good.
 */
export class SyntheticHistoryExistsError extends Error {
  override readonly name = 'SyntheticHistoryExistsError';

  constructor(readonly streamId: string) {
    super(`this event log already holds a synthetic history (${streamId} exists): seed a fresh database, or choose another --seed`);
  }
}

/** The log began with a shop's own events (the demo seed's, a real shop's): a benchmark's history would mix with them for good. */
export class NotSyntheticLogError extends Error {
  override readonly name = 'NotSyntheticLogError';

  constructor(actor: string) {
    super(`this event log holds a shop's own history (its first event is by ${actor}): a synthetic history, appended for good, would mix with it; seed a fresh database`);
  }
}

/**
 * Appends a synthetic history through the event store, as domain events. Refuses a log that holds a
 * shop's own history, and one that already holds the same synthetic history (an earlier or interrupted
 * seed with the same seed). Within a window, each
 * stream's events go in one append, in order, so a stream's order is kept while the appends of
 * different streams run concurrently.
 */
export async function seedSynthetic(options: SyntheticSeedOptions): Promise<number> {
  const concurrency = options.concurrency ?? 8;
  const window = options.window ?? 20_000;
  let appended = 0;
  let pending: SyntheticStep[] = [];
  const flush = async () => {
    const streams = new Map<string, EventToAppend[]>();
    // Streams whose first events in this window open them: their first append expects no stream.
    const opened = new Set<string>();
    for (const step of pending) {
      const correlationId = randomUUID();
      const list = streams.get(step.streamId) ?? [];
      if (list.length === 0 && step.opens) opened.add(step.streamId);
      list.push(...step.events.map((event) => toAppend(event, correlationId)));
      streams.set(step.streamId, list);
    }
    pending = [];
    const queue = [...streams.entries()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [streamId, events] = next;
        await nextTurn();
        for (let from = 0; from < events.length; from += 1000) {
          const chunk = events.slice(from, from + 1000);
          try {
            await options.store.append(streamId, chunk, from === 0 && opened.has(streamId) ? 'no_stream' : 'any');
          } catch (error) {
            throw error instanceof ConcurrencyError ? new SyntheticHistoryExistsError(streamId) : error;
          }
          appended += chunk.length;
        }
        options.onProgress?.(appended);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  for await (const event of options.store.readAll(0, 1)) {
    if (event.metadata.actor !== SYNTHETIC_ACTOR) throw new NotSyntheticLogError(String(event.metadata.actor));
    break;
  }
  const history = syntheticHistory(options);
  const first = history.next();
  // The same seed seeded before, with any --cards, before anything is written (an append refuses any other).
  const seeded = [...(first.done ? [] : [first.value.streamId]), orderStreamName(syntheticOrderId(options.seed ?? SYNTHETIC_DEFAULT_SEED, 1))];
  for (const streamId of seeded) if ((await options.store.readStream(streamId)).length > 0) throw new SyntheticHistoryExistsError(streamId);
  if (!first.done) pending.push(first.value);
  for (const step of history) {
    pending.push(step);
    if (pending.length >= window) await flush();
  }
  await flush();
  return appended;
}
