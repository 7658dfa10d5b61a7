import { formatEta, progressLayout } from './progress';

/** The line cli-progress would draw, with the widest values each part takes. */
function widest({ format, barsize }: { format: string; barsize: number }, total: number): string {
  return format
    .replace('{bar}', '='.repeat(barsize))
    .replace('{percentage}', '100')
    .replace('{value}', String(total))
    .replace('{total}', String(total))
    .replace('{rate}', '9'.repeat(7))
    .replace('{eta_formatted}', '1h05m');
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
  // The bar's own: without autopadding, cli-progress pads with nothing.
  const options = { autopaddingChar: '' };

  it('shows -- until cli-progress knows a rate: its first frame, an infinite or an unknown estimate', () => {
    for (const eta of ['0', 'INF', 'NULL']) expect(formatEta(eta, options, 5)).toBe('--');
  });

  it('shows the estimate once there is one', () => {
    expect([0, 7, 65, 3900].map((eta) => formatEta(eta, options, 5))).toEqual(['0s', '7s', '1m5s', '1h5m']);
  });
});
