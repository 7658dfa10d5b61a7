import { createTestCard } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import { TableMaintenance } from './table-maintenance.service';

jest.setTimeout(60_000);

describe('table maintenance in the embedded shop (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' }, { embedded: true });
  });
  afterAll(() => t.close());

  it('is scheduled, and analyzes the event log once enough was appended to it', async () => {
    const maintenance = t.app.get(TableMaintenance);
    expect(maintenance.scheduled).toBe(true);
    for (let index = 0; index < 25; index++) await createTestCard(t.app, { name: `Maintained ${index}`, stock: 1, price: 100 });
    const report = await maintenance.run();
    expect([...report.analyzed, ...report.vacuumed]).toContain('events');
    const again = await maintenance.run();
    expect([...again.analyzed, ...again.vacuumed]).not.toContain('events');
  });
});

describe('table maintenance on a PostgreSQL server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('is left to the server’s autovacuum', () => {
    expect(t.app.get(TableMaintenance).scheduled).toBe(false);
  });
});
