import { createProgress, formatEta, progressLayout } from './progress';

/** The line cli-progress would draw, with the widest values each part takes. */
function widest({ format, barsize }: { format: string; barsize: number }, total: number): string {
  return format
    .replace('{bar}', '='.repeat(barsize))
    .replace('{percentage}', '100')
    .replace('{value}', String(total))
    .replace('{total}', String(total))
    .replace('{rate}', '9'.repeat(7))
    .replace('{time_left}', '1h05m');
}

describe('the progress line', () => {
  it.each([
    ['replay cards, orders', 1_000_007, 'events', 80],
    ['replay cards', 156_017, 'events', 80],
    ['audit', 50_000, 'cards', 80],
    ['replay cards, orders', 1_000_007, 'events', 40],
    ['replay cards', 156_017, 'events', 40],
    ['seed', 100_000_000, 'events', 60],
    ['replay cards, orders', 1_000_007, 'events', 200],
  ])('for %s (%i %s) fits %i columns and keeps the rate and the ETA', (label, total, unit, columns) => {
    const layout = progressLayout(label, total, unit, columns);
    const line = widest(layout, total);
    expect(line.length).toBeLessThan(columns);
    expect(line).toContain('/s | ETA 1h05m');
  });

  it('draws a bar where there is room, at most 40 wide', () => {
    expect(progressLayout('replay cards', 156_017, 'events', 80).barsize).toBeGreaterThanOrEqual(10);
    expect(progressLayout('replay cards', 156_017, 'events', 200).barsize).toBe(40);
    expect(progressLayout('replay cards', 156_017, 'events', 40).format).not.toContain('{bar}');
  });
});

describe('the ETA', () => {
  it('shows the estimate in hours and minutes, minutes and seconds, or seconds', () => {
    expect([0, 7, 65, 3900].map((eta) => formatEta(eta, 5))).toEqual(['0s', '7s', '1m5s', '1h5m']);
  });

  it('rounds the whole estimate before splitting it: never 60 seconds or minutes in a unit', () => {
    expect([59.6, 119.7, 179.8, 3599.9, 7199].map((eta) => formatEta(eta, 5))).toEqual(['1m0s', '2m0s', '3m0s', '1h0m', '2h0m']);
  });
});

describe('the progress bar on a terminal', () => {
  const tty = { isTTY: process.stderr.isTTY, columns: process.stderr.columns };
  let written: string[];
  let write: jest.SpyInstance;
  beforeEach(() => {
    Object.assign(process.stderr, { isTTY: true, columns: 100 });
    written = [];
    write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
  });
  afterEach(() => {
    write.mockRestore();
    Object.assign(process.stderr, tty);
  });

  it('grows its total with a count that passes it, and ends with a note of what comes next', () => {
    const progress = createProgress({});
    progress.start('seed', 10);
    progress.update(5);
    progress.update(12);
    progress.finish('building the indexes…');
    const text = written.join('');
    expect(text).toContain('12/12');
    expect(text).not.toMatch(/\b12\/10\b/);
    // The note takes the bar's line: the cursor goes up to it and clears it first.
    expect(text.endsWith('\x1b[1A\r\x1b[2Kseed: building the indexes…\n')).toBe(true);
  });

  it('estimates the time left from the rate it shows: the work left at that rate', () => {
    const now = jest.spyOn(performance, 'now').mockReturnValue(0);
    try {
      const progress = createProgress({});
      progress.start('seed', 1000);
      now.mockReturnValue(10_000);
      progress.update(100);
      progress.stop();
      // 100 in 10 s is 10/s: 900 left take 90 s.
      expect(written.join('')).toMatch(/10 events\/s \| ETA 1m30s/);
    } finally {
      now.mockRestore();
    }
  });
});
