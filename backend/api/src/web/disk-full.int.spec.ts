import type { Database } from '@tcg/projections';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE } from '../database/database.module';
import { canMountSmallDisk, mountSmallDisk, type SmallDisk, SMALL_DISK_NOT_RUN } from '../infra/files/testing/small-disk';
import { CSRF, type Shopper, signInAdmin } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';

const OUT_OF_SPACE = { statusCode: 507, code: 'storage_full', message: 'No hay espacio en el servidor para guardar los cambios. Inténtalo más tarde.' };

describe(`the embedded shop when its disk fills up ${canMountSmallDisk ? '' : SMALL_DISK_NOT_RUN}`.trim(), () => {
  const maybe = canMountSmallDisk ? it : it.skip;
  let disk: SmallDisk;
  let t: TestApp;
  beforeAll(async () => {
    if (!canMountSmallDisk) return;
    // Room for PGlite's database and the demo catalogue, then filled by hand.
    disk = mountSmallDisk(160 * 1024 * 1024);
    t = await startTestApp({ DATA_DIR: disk.path }, { embedded: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  maybe('answers 507 in Spanish for a write the database has no room for, loses nothing stored, and takes writes again once there is room', async () => {
    const admin: Shopper = await signInAdmin(t);
    const db = t.app.get<Database>(DATABASE);
    const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM cards ORDER BY id LIMIT 1');
    const addStock = () => admin.agent.post(`/api/admin/cards/${encodeURIComponent(rows[0].id)}/stock`).set(CSRF).send({ quantity: 1, unitCost: 0 });
    const audit = async () => (await admin.agent.get(`/api/admin/stock-check?q=${encodeURIComponent(rows[0].name)}`).expect(200)).body.cards.find((card: { id: string }) => card.id === rows[0].id);
    const before = await audit();

    const filler = join(disk.path, 'filler');
    expect(() => writeFileSync(filler, Buffer.alloc(200 * 1024 * 1024))).toThrow(/ENOSPC/);
    // Space PGlite already holds (its write-ahead log's segment, free pages) takes a few more writes.
    let added = 0;
    let refused: { status: number; body: unknown } | undefined;
    for (let i = 0; i < 2000 && !refused; i++) {
      const res = await addStock();
      if (res.status === 201) added++;
      else refused = res;
    }
    expect(refused).toMatchObject({ status: 507, body: OUT_OF_SPACE });

    rmSync(filler);
    await addStock().expect(201);
    const after = await audit();
    expect(after).toMatchObject({ recorded: before.recorded + added + 1, computed: before.computed + added + 1, difference: 0 });
  }, 120_000);
});
