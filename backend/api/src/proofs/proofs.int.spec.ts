import { messages, PROOF_MAX_BYTES } from '@tcg/domain';
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { canMountSmallDisk, mountSmallDisk, type SmallDisk, SMALL_DISK_NOT_RUN } from '../infra/files/testing/small-disk';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { startTestApp, type TestApp } from '../testing/test-app';
import { UPLOADS_PER_MINUTE } from './proofs.controller';
import { proofMessages } from './proofs.messages';
import { CSRF, jpegWithExif, pngImage, signInAdmin, signInNewCustomer, uploadProof } from './testing/shop-session.fixtures';

describe('payment proof upload and download (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('judges the file by its content: a PNG named .jpg is stored as a PNG under the owner', async () => {
    const shopper = await signInNewCustomer(t);
    const res = await uploadProof(shopper, await pngImage(), 'comprobante.jpg').expect(201);
    expect(res.body.proofKey).toMatch(new RegExp(`^proofs/${shopper.user.id}/[0-9a-f-]{36}\\.png$`));
    expect(res.body.url).toBe(`/api/${res.body.proofKey}`);
    const served = await shopper.agent.get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(res.body.hash).toBe(createHash('sha256').update(served.body).digest('hex'));
    expect((await sharp(served.body).metadata()).format).toBe('png');
  });

  it('refuses an HTML page named .png with the spec message', async () => {
    const shopper = await signInNewCustomer(t);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await uploadProof(shopper, html, 'comprobante.png').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'invalid_proof_type', message: messages.checkout.proofType });
  });

  it('refuses a small file that declares a canvas over 50 megapixels, from its header, saying so', async () => {
    const shopper = await signInNewCustomer(t);
    const res = await uploadProof(shopper, pngHeaderOnly(20_000, 20_000), 'bomba.png').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'proof_too_large', message: messages.checkout.proofTooManyPixels });
  });

  it('answers "Archivo inválido" when the field is a text value, not a file', async () => {
    const shopper = await signInNewCustomer(t);
    const res = await shopper.agent.post('/api/proofs').set(CSRF).field('file', 'C:\\fakepath\\pago.jpg').expect(400);
    expect(res.body.message).toBe(messages.checkout.invalidFile);
  });

  it('refuses a file over 5 MB with 413 and a Spanish message', async () => {
    const shopper = await signInNewCustomer(t);
    const res = await uploadProof(shopper, Buffer.alloc(PROOF_MAX_BYTES + 1, 1), 'grande.png').expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'payload_too_large', message: messages.checkout.proofTooLarge });
  });

  it('strips EXIF after turning the photo upright', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const shopper = await signInNewCustomer(t);
    const res = await uploadProof(shopper, original, 'foto.jpeg').expect(201);
    expect(res.body.proofKey).toMatch(/\.jpg$/);
    const served = await shopper.agent.get(res.body.url).buffer(true).expect(200);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.body.includes('Miraflores')).toBe(false);
  });

  // Security review: a 3.3 MB upload was kept as 7.3 MB, and one upload's decoding took 300 MB.
  describe('keeps what it stores within the upload limit', () => {
    const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
    const served = async (shopper: Awaited<ReturnType<typeof signInNewCustomer>>, url: string) => (await shopper.agent.get(url).buffer(true).expect(200)).body as Buffer;

    it('scales a photo larger than 4096 pixels a side down to 4096, keeping its shape', async () => {
      const shopper = await signInNewCustomer(t);
      const photo = await sharp({ create: { width: 6000, height: 1500, channels: 3, background: '#2a9d8f' } }).jpeg().toBuffer();
      const res = await uploadProof(shopper, photo, 'foto.jpg').expect(201);
      expect(await sharp(await served(shopper, res.body.url)).metadata()).toMatchObject({ format: 'jpeg', width: 4096, height: 1024 });
    });

    it('keeps a PNG that grows past 5 MB when re-encoded as a JPEG', async () => {
      const shopper = await signInNewCustomer(t);
      // Grey noise: one byte a pixel in the upload, three once in colour.
      const png = await sharp(randomBytes(2000 * 2000), { raw: { width: 2000, height: 2000, channels: 1 } }).toColourspace('b-w').png().toBuffer();
      expect(png.length).toBeLessThanOrEqual(PROOF_MAX_BYTES);
      const res = await uploadProof(shopper, png, 'captura.png').expect(201);
      expect(res.body.proofKey).toMatch(/\.jpg$/);
      const stored = await served(shopper, res.body.url);
      expect(stored.length).toBeLessThanOrEqual(PROOF_MAX_BYTES);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 2000, height: 2000 });
    }, 60_000);

    it('refuses an image that stays over 5 MB however it is re-encoded, with the size message, and keeps nothing', async () => {
      const shopper = await signInNewCustomer(t);
      const crafted = await noise(4096, 4096).jpeg({ quality: 30 }).toBuffer();
      expect(crafted.length).toBeLessThanOrEqual(PROOF_MAX_BYTES);
      const res = await uploadProof(shopper, crafted, 'ruido.jpg').expect(413);
      expect(res.body).toMatchObject({ code: 'payload_too_large', message: messages.checkout.proofTooLarge });
      const { rows } = await t.app.get<Database>(DATABASE).query('SELECT count(*)::int AS n FROM proof_uploads WHERE user_id = $1', [shopper.user.id]);
      expect(rows).toEqual([{ n: 0 }]);
    }, 60_000);
  });

  it('serves a proof to its owner and admins only; anyone else gets 404, as for a missing one', async () => {
    const owner = await signInNewCustomer(t);
    const stranger = await signInNewCustomer(t);
    const { body } = await uploadProof(owner, await pngImage(), 'pago.png').expect(201);
    const missing = await stranger.agent.get(`/api/proofs/${stranger.user.id}/00000000-0000-4000-8000-000000000000.png`).expect(404);
    const refused = await stranger.agent.get(body.url).expect(404);
    expect(refused.body).toEqual(missing.body);
    await (await signInAdmin(t)).agent.get(body.url).expect(200);
    await request(t.server).get(body.url).expect(401);
  });

  it('tells browsers and proxies to keep no copy of a proof, the orders or the session', async () => {
    const owner = await signInNewCustomer(t);
    const { body } = await uploadProof(owner, await pngImage(), 'pago.png').expect(201);
    for (const path of [body.url, '/api/orders/mine', '/api/auth/me']) {
      const res = await owner.agent.get(path).expect(200);
      expect([path, res.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    // Public reads keep their validators (ETag) and no such header.
    const search = await request(t.server).get('/api/search').expect(200);
    expect(search.headers['cache-control']).toBeUndefined();
  });

  it('refuses anonymous uploads', async () => {
    const res = await request(t.server).post('/api/proofs').set(CSRF).attach('file', await pngImage(), 'pago.png').expect(401);
    expect(res.body.message).toBe(messages.checkout.mustSignIn);
  });

  it(`allows ${UPLOADS_PER_MINUTE} uploads a minute per shopper, then answers 429 in Spanish`, async () => {
    const busy = await signInNewCustomer(t);
    const image = await pngImage();
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) await uploadProof(busy, image, 'pago.png').expect(201);
    const res = await uploadProof(busy, image, 'pago.png').expect(429);
    expect(res.body).toMatchObject({ code: 'too_many_requests', message: proofMessages.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await uploadProof(await signInNewCustomer(t), image, 'pago.png').expect(201);
  });
});

describe(`payment proof upload when the disk is full ${canMountSmallDisk ? '' : SMALL_DISK_NOT_RUN}`.trim(), () => {
  const maybe = canMountSmallDisk ? it : it.skip;
  let disk: SmallDisk;
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    if (!canMountSmallDisk) return;
    disk = mountSmallDisk(1024 * 1024);
    const sink = { write: (line: string) => void logged.push(line) };
    t = await startTestApp({ DEMO_SEED: 'false', DATA_DIR: disk.path }, { logger: pino({ level: 'error' }, sink) });
  });
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  maybe('answers 507 with a Spanish message, keeps no part of the file, logs it for the operator and says so in /api/ready', async () => {
    const shopper = await signInNewCustomer(t);
    // A file that grows until the disk refuses it: what a full disk looks like to the next write.
    expect(() => writeFileSync(join(disk.path, 'filler'), Buffer.alloc(2 * 1024 * 1024))).toThrow(/ENOSPC/);
    const res = await uploadProof(shopper, await pngImage(), 'pago.png').expect(507);
    expect(res.body).toEqual({ statusCode: 507, code: 'storage_full', message: 'No hay espacio en el servidor para guardar los cambios. Inténtalo más tarde.' });
    expect(readdirSync(join(t.config.filesDir, 'proofs', shopper.user.id))).toEqual([]);
    expect(logged.join('')).toContain('no space left to store the request');
    const ready = await request(t.server).get('/api/ready').expect(503);
    expect(ready.body.ports).toEqual(expect.arrayContaining([expect.objectContaining({ port: 'files', adapter: 'local', state: 'down' })]));
  });
});

/** A PNG of `width` × `height` whose pixels are a few zero bytes: what a decompression bomb's header looks like. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(100))), chunk('IEND', Buffer.alloc(0))]);
}
