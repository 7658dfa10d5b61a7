import { type Database, type EventStore, forgetCustomer } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { createTestCard } from '../inventory/testing/write-side.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { FileStorage } from '../infra/files';
import { PROOF_STORAGE, ProofStore } from './proof-store';
import { ProofSweeper } from './proof-sweeper.service';
import { CSRF, pngImage, type Shopper, signInNewCustomer, uploadProof } from './testing/shop-session.fixtures';

// Before: every proof uploaded was kept for ever, half of them by no order (soak QA).
describe.each([
  ['PostgreSQL', false],
  ['the embedded database', true],
])('the proof sweep on %s', (_name, embedded) => {
  let t: TestApp;
  let db: Database;
  let lucia: Shopper;
  let kuriboh: string;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' }, { embedded });
    db = t.app.get<Database>(DATABASE);
    lucia = await signInNewCustomer(t);
    kuriboh = await createTestCard(t.app, { name: 'Kuriboh Barrido', stock: 1, price: 500 });
  });
  afterAll(() => t.close());

  const upload = async () => (await uploadProof(lucia, await pngImage(), 'pago.png').expect(201)).body.proofKey as string;
  const checkout = (proofKey: string, quantity: number) =>
    lucia.agent
      .post('/api/checkout')
      .set(CSRF)
      .set('Idempotency-Key', randomUUID())
      .send({ name: 'Lucía Quispe', email: lucia.user.email, phone: '987654321', proofKey, items: [{ cardId: kuriboh, quantity, unitPrice: 500 }] });
  const stored = async (key: string) => (await lucia.agent.get(`/api/${key}`)).status;
  const uploaded = async (key: string) =>
    (await db.query<{ swept: boolean }>('SELECT swept_at IS NOT NULL AS swept FROM proof_uploads WHERE proof_key = $1', [key])).rows[0] ?? null;
  /** A day and an hour on: the uploads and the checkouts' claims are that old. */
  const ageAll = () =>
    db.query(`UPDATE proof_uploads SET uploaded_at = uploaded_at - interval '25 hours', claimed_at = claimed_at - interval '25 hours' WHERE swept_at IS NULL`);

  it('deletes a day-old proof no order was placed with, keeps one an order has, and leaves a new one alone', async () => {
    const abandoned = await upload();
    const ordered = await upload();
    const refused = await upload();
    await checkout(ordered, 1).expect(201);
    await checkout(refused, 5).expect(409);
    await ageAll();
    const fresh = await upload();

    expect(await t.app.get(ProofSweeper).run()).toEqual({ deleted: 2, kept: 1, erased: 0 });
    expect(await stored(abandoned)).toBe(404);
    expect(await stored(refused)).toBe(404);
    expect(await stored(ordered)).toBe(200);
    expect(await stored(fresh)).toBe(200);
    expect(await uploaded(ordered)).toBeNull();
    expect(await uploaded(fresh)).toEqual({ swept: false });
    expect(await t.app.get(ProofSweeper).run()).toEqual({ deleted: 0, kept: 0, erased: 0 });

    // A checkout that read the proof just before the sweep took it places nothing with it.
    expect(await t.app.get(ProofStore).claim(abandoned, lucia.user.id, randomUUID())).toBe(false);
    await checkout(abandoned, 1).expect(400);
    // A day on, the marks of swept proofs go too.
    await db.query(`UPDATE proof_uploads SET swept_at = swept_at - interval '25 hours' WHERE swept_at IS NOT NULL`);
    await t.app.get(ProofSweeper).run();
    expect(await uploaded(abandoned)).toBeNull();
  });

  it('leaves a proof that a checkout claims while the sweep reads the log, a retry under the same order id included', async () => {
    const proof = await upload();
    const orderId = randomUUID();
    expect(await t.app.get(ProofStore).claim(proof, lucia.user.id, orderId)).toBe(true);
    await db.query(`UPDATE proof_uploads SET uploaded_at = now() - interval '25 hours', claimed_at = now() - interval '25 hours' WHERE proof_key = $1`, [proof]);
    await db.query(`UPDATE proof_uploads SET uploaded_at = now() WHERE proof_key <> $1`, [proof]);
    // The retry's claim lands between the sweep's read of the row and its lock on it.
    const store = t.app.get<EventStore>(EVENT_STORE);
    const readStream = store.readStream.bind(store);
    const spy = jest.spyOn(store, 'readStream').mockImplementationOnce(async (streamId, from) => {
      await t.app.get(ProofStore).claim(proof, lucia.user.id, orderId);
      return readStream(streamId, from);
    });
    try {
      expect(await t.app.get(ProofSweeper).run()).toEqual({ deleted: 0, kept: 0, erased: 0 });
    } finally {
      spy.mockRestore();
    }
    expect(await stored(proof)).toBe(200);
    expect(await uploaded(proof)).toEqual({ swept: false });
  });

  it('keeps a proof a checkout claimed within the hour, and a proof uploaded before uploads were noted gets its row at checkout', async () => {
    const claimedNow = await upload();
    await db.query(`UPDATE proof_uploads SET uploaded_at = now() - interval '2 days' WHERE proof_key = $1`, [claimedNow]);
    expect(await t.app.get(ProofStore).claim(claimedNow, lucia.user.id, randomUUID())).toBe(true);
    const older = await upload();
    await db.query('DELETE FROM proof_uploads WHERE proof_key = $1', [older]);
    await createTestCard(t.app, { name: 'Kuriboh Antiguo', stock: 1, price: 500 }).then((id) => (kuriboh = id));
    await checkout(older, 1).expect(201);

    expect(await t.app.get(ProofSweeper).run()).toEqual({ deleted: 0, kept: 0, erased: 0 });
    expect(await stored(claimedNow)).toBe(200);
    expect(await uploaded(older)).toEqual({ swept: false });
  });

  // QA: a checkout under way when its customer was erased wrote its proof's rows after the erasure, and
  // they stayed, with the image.
  it("deletes what a checkout under way at a customer's erasure left behind: the proof's file and rows", async () => {
    const rosa = await signInNewCustomer(t);
    const proofKey = (await uploadProof(rosa, await pngImage(), 'pago.png').expect(201)).body.proofKey as string;
    await forgetCustomer(db, rosa.user.id);
    // As the late checkout writes them, after the erasure.
    await db.query('INSERT INTO proof_uploads (proof_key, user_id) VALUES ($1, $2) ON CONFLICT (proof_key) DO NOTHING', [proofKey, rosa.user.id]);
    await db.query("INSERT INTO order_proofs (order_id, proof_hash, user_id) VALUES ($1, 'h-late', $2)", [randomUUID(), rosa.user.id]);
    expect(await t.app.get<FileStorage>(PROOF_STORAGE).exists(proofKey)).toBe(true);

    // Her folder (the file with it), then the rows the late checkout wrote.
    expect(await t.app.get(ProofSweeper).run()).toMatchObject({ erased: 2 });
    expect(await t.app.get<FileStorage>(PROOF_STORAGE).exists(proofKey)).toBe(false);
    for (const table of ['proof_uploads', 'order_proofs']) {
      expect((await db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [rosa.user.id])).rows).toEqual([]);
    }
    expect(await uploaded(await upload())).toEqual({ swept: false });
  });

  // Before: `forget` printed the customer's proof folder for the operator to delete by hand.
  it("deletes an erased customer's proof images, those of their orders too, once, and nobody else's", async () => {
    const files = t.app.get<FileStorage>(PROOF_STORAGE);
    const rosa = await signInNewCustomer(t);
    const kept = await Promise.all([1, 2].map(async () => (await uploadProof(rosa, await pngImage(), 'pago.png').expect(201)).body.proofKey as string));
    const ordered = `${kept[0].slice(0, kept[0].lastIndexOf('/'))}/pedido-anterior.png`;
    await files.put(ordered, Buffer.from('png'), 'image/png');
    const lucias = await upload();
    await db.query('DELETE FROM proof_uploads WHERE proof_key = ANY($1)', [kept]);
    await forgetCustomer(db, rosa.user.id);

    expect(await t.app.get(ProofSweeper).run()).toMatchObject({ erased: 1 });
    for (const key of [...kept, ordered]) expect(await files.exists(key)).toBe(false);
    expect(await files.exists(lucias)).toBe(true);
    expect(await t.app.get(ProofSweeper).run()).toMatchObject({ erased: 0 });
    // Forgotten again (a backup restored with the folder back): the next sweep deletes it again.
    await files.put(ordered, Buffer.from('png'), 'image/png');
    await forgetCustomer(db, rosa.user.id);
    expect(await t.app.get(ProofSweeper).run()).toMatchObject({ erased: 1 });
    expect(await files.exists(ordered)).toBe(false);
  });
});
