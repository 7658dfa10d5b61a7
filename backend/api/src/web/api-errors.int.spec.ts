import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import request from 'supertest';
import { CSRF } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('refusals the framework and the body parser make, in the shop’s words', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('answers a body over the parser’s limit with 413, not 500', async () => {
    const res = await request(t.server)
      .post('/api/cart/check')
      .set(CSRF)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ids: ['x'], padding: 'x'.repeat(200_000) }))
      .expect(413);
    expect(res.body).toEqual({ statusCode: 413, code: 'payload_too_large', message: 'La petición es demasiado grande.' });
  });

  it('answers malformed JSON with 400 and says so', async () => {
    const res = await request(t.server).post('/api/cart/check').set(CSRF).set('Content-Type', 'application/json').send('{"ids": [').expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'bad_request', message: 'El cuerpo de la petición no es un JSON válido.' });
  });

  it.each([
    ['/api/sets/%E0%A4%A', 400, 'La petición no es válida.'],
    ['/api/no-such-thing', 404, 'No existe lo que buscas.'],
    ['/api/images/placeholder/../etc', 404, 'No existe lo que buscas.'],
  ])('answers %s with %i in Spanish', async (path, status, message) => {
    const res = await request(t.server).get(path).expect(status).expect('Content-Type', /application\/json/);
    expect(res.body).toMatchObject({ statusCode: status, message });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a method with a hyphen in its name (M-SEARCH) in Spanish too', async () => {
    const server = t.server as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.end('M-SEARCH /api/home HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 404 /);
      expect(raw).toContain('"message":"No existe lo que buscas."');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a URL past the parser’s header limit with 431 and a JSON body in Spanish', async () => {
    const res = await request(t.server).get(`/api/search?q=${'a'.repeat(17_000)}`).expect(431);
    expect(res.body).toEqual({ statusCode: 431, code: 'request_too_large', message: 'La dirección o las cabeceras de la petición son demasiado largas.' });
  });

  it('keeps the shop’s own Spanish refusals as they are', async () => {
    const res = await request(t.server).get('/api/sets/NOPE').expect(404);
    expect(res.body.message).not.toBe('No existe lo que buscas.');
    expect(res.body.message).toMatch(/set/i);
  });
});
