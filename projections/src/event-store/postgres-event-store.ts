import { Database } from '../db/sql';
import {
  AppendManyResult,
  Backlog,
  AppendOptions,
  AppendResult,
  AtomicMultiStreamStore,
  ConcurrencyError,
  EventIdReusedError,
  EventMetadata,
  EventToAppend,
  ProjectedEvent,
  ExpectedRevision,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
  SubscriptionFilter,
  SubscriptionHandler,
} from './event-store.port';
import { prepareEvents } from './prepare-events';
import { EventPage, PollingSubscription } from './polling-subscription';

export const EVENT_STORE_CHANNEL = 'event_store';

/**
 * Appends that commit within this window share one notification: each NOTIFY is a statement of its
 * own, and one per append would double the server's work. Far inside the 100 ms a subscriber may wait.
 */
const NOTIFY_COALESCE_MS = 5;

export interface PostgresEventStoreOptions {
  /**
   * How often a subscriber looks for new events without a notification. Notifications cover appends;
   * the poll covers an event held back by another (non-appending) transaction that was still running.
   */
  pollIntervalMs?: number;
}

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  matches: boolean;
  data: unknown;
  /** The metadata's JSON text, parsed only when a reader asks for it (see `toRecorded`). */
  metadata: string | null;
  /** Milliseconds since the epoch: a number is read far faster than a timestamp's text. */
  created_ms: number;
}

interface AppendRow {
  outcome: 'appended' | 'duplicate' | 'conflict';
  last_revision: number;
  last_position: number | null;
}

interface AppendManyRow extends AppendRow {
  stream: string;
}

const CREATED_MS = 'floor(extract(epoch FROM created_at) * 1000)::bigint AS created_ms';
const COLUMNS = `position, event_id, stream_id, revision, type, data, metadata::text AS metadata, ${CREATED_MS}`;

/*
 * Only positions below the oldest running transaction id are read: those transactions have all ended,
 * and no later one can take a smaller position (docs/decisions/0001-event-store-ordering.md).
 * Rows the filter leaves out come back without their payload, so the checkpoint can still pass them.
 *
 * The bound is applied outside the page, once (an InitPlan): inside it, the planner cannot know its
 * value and estimates the range at 0.5 % of the table, so for pages larger than that it scanned every
 * event after `$1` and sorted them on disk, on every page (a replay read the log quadratically). The
 * page is the same either way: the events under the bound are a prefix of the first `$2` after `$1`.
 */
function pageSql(moreColumns: string): string {
  return `
  SELECT position, stream_id, type, matches, CASE WHEN matches THEN data END AS data${moreColumns}
    FROM (SELECT *, ($3::text[] IS NULL OR stream_id ^@ ANY ($3::text[]))
                    AND ($4::text[] IS NULL OR type = ANY($4::text[])) AS matches
            FROM events
           WHERE position > $1
           ORDER BY position
           LIMIT $2) page
   WHERE position < (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint * 65536)
   ORDER BY position`;
}

export const PAGE_SQL = pageSql(`, event_id, revision, ${CREATED_MS}, CASE WHEN matches THEN metadata::text END AS metadata`);
/** For `subscribeProjected`: the columns of a `ProjectedEvent` only. */
export const PROJECTED_PAGE_SQL = pageSql('');

type ProjectedRow = Pick<EventRow, 'position' | 'stream_id' | 'type' | 'matches' | 'data'>;

function toProjected(row: ProjectedRow): ProjectedEvent {
  return { streamId: row.stream_id, position: row.position, type: row.type, data: row.data };
}

/**
 * A stored event whose metadata is parsed the first time it is read. Projections never read it, and
 * parsing it for every event cost a replay about a fifth of its time (docs/benchmarks.md). `metadata`
 * is a getter: a copy of the event made by spreading it leaves it out.
 */
class StoredEvent implements RecordedEvent {
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
  readonly type: string;
  readonly data: unknown;
  readonly createdAt: Date;
  private readonly eventId: string;
  private metadataJson: string | null;
  private parsed: EventMetadata | undefined;

  constructor(row: EventRow) {
    this.streamId = row.stream_id;
    this.revision = row.revision;
    this.position = row.position;
    this.type = row.type;
    this.data = row.data;
    this.createdAt = new Date(row.created_ms);
    this.eventId = row.event_id;
    this.metadataJson = row.metadata;
  }

  get metadata(): EventMetadata {
    if (!this.parsed) {
      this.parsed = { eventId: this.eventId, ...(JSON.parse(this.metadataJson ?? '{}') as Omit<EventMetadata, 'eventId'>) };
      this.metadataJson = null;
    }
    return this.parsed;
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  return new StoredEvent(row);
}

function expectedParam(expected: ExpectedRevision): number | null {
  if (expected === 'any') return null;
  if (expected === 'no_stream') return -1;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`invalid expected revision ${expected}`);
  return expected;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The event store on PostgreSQL or PGlite: the same SQL through the `Database` port. */
export class PostgresEventStore implements AtomicMultiStreamStore {
  readonly name: 'postgres' | 'pglite';
  readonly atomicAppendMany = true;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<Subscription>();
  private notifying: Promise<void> | undefined;
  private notifyAgain = false;
  private notifyTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    options: PostgresEventStoreOptions = {},
  ) {
    this.name = db.kind;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
  }

  async append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const prepared = prepareEvents(streamId, events);
    let row: AppendRow;
    try {
      const { rows } = await this.db.query<AppendRow>(
        'SELECT outcome, last_revision, last_position FROM event_store_append($1, $2, $3::jsonb, $4)',
        [streamId, expectedParam(expected), JSON.stringify(prepared), options.durability === 'deferred'],
      );
      row = rows[0];
    } catch (error) {
      // The only unique keys are the event id and (stream, revision), which the stream lock guards.
      if (isUniqueViolation(error)) throw new EventIdReusedError(streamId);
      throw error;
    }
    if (row.outcome === 'conflict') throw new ConcurrencyError(streamId, expected, row.last_revision);
    this.announce();
    return { nextRevision: row.last_revision, position: row.last_position as number, duplicate: row.outcome === 'duplicate' };
  }

  async appendMany(appends: StreamAppend[], options: AppendOptions = {}): Promise<AppendManyResult> {
    if (appends.length === 0) throw new Error('a multi-stream append needs at least one stream');
    const payload = appends.map(({ streamId, events, expected }) => ({
      stream: streamId,
      expected: expectedParam(expected),
      events: prepareEvents(streamId, events),
    }));
    let rows: AppendManyRow[];
    try {
      ({ rows } = await this.db.query<AppendManyRow>(
        'SELECT stream, outcome, last_revision, last_position FROM event_store_append_many($1::jsonb, $2)',
        [JSON.stringify(payload), options.durability === 'deferred'],
      ));
    } catch (error) {
      if (isUniqueViolation(error)) throw new EventIdReusedError(appends.map((append) => append.streamId).join(', '));
      throw error;
    }
    if (rows[0].outcome === 'conflict') {
      const index = appends.findIndex(({ expected }, i) => expected !== 'any' && expectedParam(expected) !== rows[i].last_revision);
      throw new ConcurrencyError(appends[index].streamId, appends[index].expected, rows[index].last_revision);
    }
    this.announce();
    const streams = rows.map((row) => ({
      streamId: row.stream,
      nextRevision: row.last_revision,
      position: row.last_position as number,
      duplicate: row.outcome === 'duplicate',
    }));
    return { streams, position: Math.max(...streams.map((stream) => stream.position)) };
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
      [streamId, fromRevision],
    );
    return rows.map(toRecorded);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>();
    if (streamIds.length === 0) return streams;
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision`,
      [streamIds],
    );
    for (const row of rows) {
      const event = toRecorded(row);
      const stream = streams.get(event.streamId);
      if (stream) stream.push(event);
      else streams.set(event.streamId, [event]);
    }
    return streams;
  }

  async *readAll(fromPosition: number, batchSize: number): AsyncIterable<RecordedEvent> {
    let after = fromPosition;
    for (;;) {
      const page = await this.readPage(PAGE_SQL, toRecorded, after, batchSize, {});
      yield* page.events;
      if (page.scanned < batchSize) return;
      after = page.checkpoint;
    }
  }

  subscribe(fromPosition: number, filter: SubscriptionFilter, handler: SubscriptionHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    return this.follow(fromPosition, handler, options, (after, limit) => this.readPage(PAGE_SQL, toRecorded, after, limit, filter));
  }

  subscribeProjected(
    fromPosition: number,
    filter: SubscriptionFilter,
    handler: SubscriptionHandler<ProjectedEvent>,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    return this.follow(fromPosition, handler, options, (after, limit) => this.readPage(PROJECTED_PAGE_SQL, toProjected, after, limit, filter));
  }

  private async follow<TEvent extends ProjectedEvent>(
    fromPosition: number,
    handler: SubscriptionHandler<TEvent>,
    options: SubscribeOptions,
    readPage: (after: number, limit: number) => Promise<EventPage<TEvent>>,
  ): Promise<Subscription> {
    const subscription = await PollingSubscription.start({
      from: fromPosition,
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: this.pollIntervalMs,
      readPage,
      listen: (onNotify) => this.db.listen(EVENT_STORE_CHANNEL, onNotify),
      handler,
    });
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async head(): Promise<number> {
    const { rows } = await this.db.query<{ head: number }>('SELECT coalesce(max(position), 0)::bigint AS head FROM events');
    return rows[0].head;
  }

  async behind(position: number, limit: number): Promise<Backlog> {
    const { rows } = await this.db.query<{ events: number; oldest_ms: number | null }>(
      `SELECT count(*)::bigint AS events, min(created_ms)::bigint AS oldest_ms
         FROM (SELECT ${CREATED_MS} FROM events WHERE position > $1 ORDER BY position LIMIT $2) AS after`,
      [position, limit],
    );
    const { events, oldest_ms: oldest } = rows[0];
    return { events, exact: events < limit, oldestAt: oldest === null ? undefined : new Date(oldest) };
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1 FROM events LIMIT 1');
  }

  /** Stops the subscriptions; the database belongs to whoever opened it and stays open. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    if (this.notifyTimer) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = undefined;
      this.notify();
    }
    while (this.notifying) await this.notifying;
  }

  /**
   * Wakes subscribers after a commit, off the append's path: the appends of one short window share a
   * notification sent after all of them committed. A notification already on its way may have been
   * sent before this commit, so one more follows it. Not durable and needs no fsync; a lost one costs a
   * subscriber one poll interval.
   */
  private announce(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      this.notify();
    }, NOTIFY_COALESCE_MS);
    this.notifyTimer.unref();
  }

  private notify(): void {
    this.notifying = this.db
      .query("SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')", [EVENT_STORE_CHANNEL])
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.notifying = undefined;
        if (this.notifyAgain) {
          this.notifyAgain = false;
          this.announce();
        }
      });
  }

  private async readPage<TRow extends ProjectedRow, TEvent extends ProjectedEvent>(
    sql: string,
    toEvent: (row: TRow) => TEvent,
    after: number,
    limit: number,
    filter: SubscriptionFilter,
  ): Promise<EventPage<TEvent>> {
    const { rows } = await this.db.query<TRow>(sql, [after, limit, filter.streamPrefixes ?? null, filter.eventTypes ?? null]);
    return {
      events: rows.filter((row) => row.matches).map(toEvent),
      scanned: rows.length,
      checkpoint: rows.length > 0 ? rows[rows.length - 1].position : after,
    };
  }
}
