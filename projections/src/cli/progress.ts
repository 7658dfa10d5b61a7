import { SingleBar } from 'cli-progress';

export interface Progress {
  /** `total` in the bar's `unit` (default events); unknown totals show a counter only. */
  start(label: string, total: number, unit?: string): void;
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { start: () => undefined, update: () => undefined, stop: () => undefined };

/** Bars on screen: an interrupted run stops them, which shows the cursor and turns line wrap back on. */
const drawn = new Set<SingleBar>();

export function stopAllProgress(): void {
  for (const bar of drawn) bar.stop();
  drawn.clear();
}

/** A bar with events/s and ETA on stderr, so stdout stays clean for --json; none when stderr is no terminal. */
export function createProgress(options: { json?: boolean }): Progress {
  if (options.json || !process.stderr.isTTY) return silent;
  let bar: SingleBar | undefined;
  let started = 0;
  return {
    start(label, total, unit = 'events') {
      started = performance.now();
      bar = new SingleBar({
        stream: process.stderr,
        format: `${label} [{bar}] {percentage}% | {value}/{total} | {rate} ${unit}/s | ETA {eta_formatted}`,
        hideCursor: true,
        etaBuffer: 50,
      });
      bar.start(Math.max(1, total), 0, { rate: 0 });
      drawn.add(bar);
    },
    update(done) {
      const seconds = (performance.now() - started) / 1000;
      bar?.update(done, { rate: seconds > 0 ? Math.round(done / seconds) : 0 });
    },
    stop() {
      if (bar) drawn.delete(bar);
      bar?.stop();
      bar = undefined;
    },
  };
}
