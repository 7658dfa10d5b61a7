import type { INestApplication } from '@nestjs/common';
import { type Database, ORDERS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { DATABASE } from '../../database/database.module';

export const CSRF = { 'X-Requested-With': 'tcg' };

/** What these helpers need of `startTestApp()`'s answer (this folder is built, src/testing is not). */
interface TestApp {
  app: INestApplication;
  server: Parameters<typeof request>[0];
}

export interface Shopper {
  agent: ReturnType<typeof request.agent>;
  user: { id: string; name: string; email: string; phone: string | null };
}

/**
 * A signed-in customer of their own. The dev sign-in always answers the demo customer's e-mail, so the
 * account it signed in is given another e-mail: the next call creates a fresh account.
 */
export async function signInNewCustomer(t: TestApp): Promise<Shopper> {
  const agent = request.agent(t.server);
  const res = await agent.post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
  const email = `cliente-${randomUUID()}@test.pe`;
  await t.app.get<Database>(DATABASE).query('UPDATE users SET email = $2 WHERE id = $1', [res.body.user.id, email]);
  return { agent, user: { ...res.body.user, email } };
}

export async function signInAdmin(t: TestApp): Promise<Shopper> {
  const agent = request.agent(t.server);
  const res = await agent.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
  return { agent, user: res.body.user };
}

export function pngImage(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6' } }).png().toBuffer();
}

/** A phone photo as it leaves the camera: sideways pixels, an orientation tag and personal EXIF. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 20, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'Casa de Lucia, Miraflores', Artist: 'Lucia Quispe' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function uploadProof(shopper: Shopper, bytes: Buffer, filename: string) {
  return shopper.agent.post('/api/proofs').set(CSRF).attach('file', bytes, { filename, contentType: 'image/png' });
}

/** Waits until the app's own projector has the orders read model at `position`. */
export async function ordersProjectedTo(t: TestApp, position: number): Promise<boolean> {
  return t.app.get(ProjectionWaiter).waitFor(position, 10_000, [ORDERS_PROJECTION]);
}
