import { ProjectedEvent, RecordedEvent, Subscription, SubscriptionHandler } from './event-store.port';

export interface EventPage<TEvent extends ProjectedEvent = RecordedEvent> {
  /** The events of the page that match the subscription's filter. */
  events: TEvent[];
  /** Rows read, matching or not: fewer than asked means the reader has caught up. */
  scanned: number;
  /** The position of the last row read (or the position read after, when none). */
  checkpoint: number;
}

export interface PollingSubscriptionSettings<TEvent extends ProjectedEvent> {
  from: number;
  batchSize: number;
  pollIntervalMs: number;
  readPage(after: number, limit: number): Promise<EventPage<TEvent>>;
  /** Resolves to a function that stops listening; rejects where notifications are unavailable. */
  listen(onNotify: () => void): Promise<() => Promise<void>>;
  handler: SubscriptionHandler<TEvent>;
}

/** Without notifications, the poll alone has to meet the "new event seen within 100 ms" goal. */
const POLL_WITHOUT_NOTIFY_MS = 50;
const CAUGHT_UP_PAUSE_MS = 20;

/**
 * Reads page after page from a checkpoint, hands each page to the handler (awaited; while it runs, the
 * next page is already being read when this one was full), and once caught up
 * sleeps until a notification or the poll interval. A notification that arrives while a page is being
 * read is remembered, so it cannot be lost between the read and the sleep.
 */
export class PollingSubscription<TEvent extends ProjectedEvent> implements Subscription {
  readonly done: Promise<void>;
  private closed = false;
  private notified = false;
  private wake: (() => void) | undefined;

  private constructor(
    private readonly settings: PollingSubscriptionSettings<TEvent>,
    private readonly pollIntervalMs: number,
    private readonly unlisten: (() => Promise<void>) | undefined,
  ) {
    this.done = this.run();
    // Callers observe failures through `done`; this only keeps an unobserved one from crashing the process.
    this.done.catch(() => undefined);
  }

  static async start<TEvent extends ProjectedEvent>(settings: PollingSubscriptionSettings<TEvent>): Promise<PollingSubscription<TEvent>> {
    // Notifications may arrive before the subscription exists; the first read covers them anyway.
    const created: { subscription?: PollingSubscription<TEvent> } = {};
    const unlisten = await settings.listen(() => created.subscription?.notify()).catch(() => undefined);
    const subscription = new PollingSubscription(
      settings,
      unlisten ? settings.pollIntervalMs : Math.min(settings.pollIntervalMs, POLL_WITHOUT_NOTIFY_MS),
      unlisten,
    );
    created.subscription = subscription;
    return subscription;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.done.catch(() => undefined);
  }

  private notify(): void {
    this.notified = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    const { readPage, handler, batchSize } = this.settings;
    let checkpoint = this.settings.from;
    let ahead: Promise<EventPage<TEvent>> | undefined;
    try {
      while (!this.closed) {
        this.notified = false;
        const page = await (ahead ?? readPage(checkpoint, batchSize));
        ahead = undefined;
        if (page.scanned > 0) {
          // A full page means more is waiting: read the next one while the handler applies this one.
          if (page.scanned === batchSize) {
            ahead = readPage(page.checkpoint, batchSize);
            ahead.catch(() => undefined);
          }
          await handler({ events: page.events, checkpoint: page.checkpoint });
          checkpoint = page.checkpoint;
        }
        if (page.scanned < batchSize) {
          // Under a stream of appends every commit notifies; reading once per pause serves them all.
          await new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_PAUSE_MS));
          await this.sleep();
        }
      }
    } finally {
      await ahead?.catch(() => undefined);
      await this.unlisten?.();
    }
  }

  private sleep(): Promise<void> {
    if (this.notified || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), this.pollIntervalMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
