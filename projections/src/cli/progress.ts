import { SingleBar } from 'cli-progress';

export interface Progress {
  /** `total` in the bar's `unit` (default events); unknown totals show a counter only. */
  start(label: string, total: number, unit?: string): void;
  /** Past `total` the bar's total grows with it: a count never shows above its total. */
  update(done: number): void;
  /** The counted part is over: the bar ends, and `note` says what the command does meanwhile. */
  finish(note: string): void;
  stop(): void;
}

const silent: Progress = { start: () => undefined, update: () => undefined, finish: () => undefined, stop: () => undefined };

/** Bars on screen: an interrupted run stops them, which shows the cursor and turns line wrap back on. */
const drawn = new Set<SingleBar>();

export function stopAllProgress(): void {
  for (const bar of drawn) bar.stop();
  drawn.clear();
}

/** The widest the bar's other parts get: a rate of 7 digits, an ETA such as `1h05m`. */
const RATE_WIDTH = 7;
const ETA_WIDTH = 6;

/**
 * The bar's layout for a terminal `columns` wide. The line is never wrapped (cli-progress turns wrap off),
 * so whatever does not fit is cut: the rate and the ETA come first; on narrower terminals the counts,
 * then the bar, then the label give way.
 */
export function progressLayout(label: string, total: number, unit: string, columns: number): { format: string; barsize: number } {
  const counts = String(total).length * 2 + 1;
  const tail = ` {percentage}% | {rate} ${unit}/s | ETA {time_left}`;
  const tailWidth = ' 100% |  '.length + RATE_WIDTH + `${unit}/s | ETA `.length + ETA_WIDTH;
  const room = columns - 1 - label.length - ' []'.length - tailWidth;
  if (room - ' | '.length - counts >= 10) {
    return { format: `${label} [{bar}]${tail.replace(' |', ` | {value}/{total} |`)}`, barsize: Math.min(40, room - ' | '.length - counts) };
  }
  if (room >= 10) return { format: `${label} [{bar}]${tail}`, barsize: Math.min(40, room) };
  if (columns - 1 >= label.length + tailWidth) return { format: `${label}${tail}`, barsize: 0 };
  return { format: `{percentage}% | {rate}/s | ETA {time_left}`, barsize: 0 };
}

/**
 * The time left, rounded as a whole (to `roundToMultipleOf` seconds past 10 s) before it is split into
 * hours, minutes and seconds: cli-progress's own formatter rounds the seconds alone, which wrote 119.7 s as
 * `1m60s`.
 */
export function formatEta(eta: number, roundToMultipleOf: number): string {
  const step = eta > 10 && roundToMultipleOf > 0 ? roundToMultipleOf : 1;
  const seconds = Math.round(eta / step) * step;
  if (seconds >= 3600) {
    const minutes = Math.round(seconds / 60);
    return `${Math.floor(minutes / 60)}h${minutes % 60}m`;
  }
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m${seconds % 60}s` : `${seconds}s`;
}

/** A bar with events/s and ETA on stderr, so stdout stays clean for --json; none when stderr is no terminal. */
export function createProgress(options: { json?: boolean }): Progress {
  if (options.json || !process.stderr.isTTY) return silent;
  let bar: SingleBar | undefined;
  let started = 0;
  let label = '';
  let total = 0;
  const stop = () => {
    if (bar) drawn.delete(bar);
    bar?.stop();
    bar = undefined;
  };
  return {
    start(name, expected, unit = 'events') {
      label = name;
      total = Math.max(1, expected);
      started = performance.now();
      const { format, barsize } = progressLayout(name, expected, unit, process.stderr.columns || 80);
      bar = new SingleBar({ stream: process.stderr, format, barsize, hideCursor: true });
      bar.start(total, 0, { rate: 0, time_left: '--' });
      drawn.add(bar);
    },
    update(done) {
      const seconds = (performance.now() - started) / 1000;
      if (done > total) bar?.setTotal((total = done));
      // The estimate is the work left at the rate shown beside it (the whole run's): cli-progress's own,
      // from the last few updates, jumped with bursty work (a seed's appends) from 35 s to 2m35s and back.
      const rate = seconds > 0 ? done / seconds : 0;
      bar?.update(done, { rate: Math.round(rate), time_left: rate > 0 ? formatEta((total - done) / rate, 5) : '--' });
    },
    finish(note) {
      if (!bar) return;
      stop();
      // Up to the bar's line, which cli-progress ended with a newline, and over it.
      process.stderr.write(`\x1b[1A\r\x1b[2K${label}: ${note}\n`);
    },
    stop,
  };
}
