import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import request from 'supertest';
import { CSRF } from '../proofs/testing/shop-session.fixtures';
import { INVALID_TEXT_REFUSED } from './reject-unstorable-text.guard';
import { NOT_JSON_REFUSED } from './request-bodies';
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
    expect(res.body).toEqual({ statusCode: 400, code: 'bad_request', message: 'El cuerpo de la petición no es un objeto JSON válido.' });
  });

  it.each(['null', '"hola"', '7'])('answers a JSON body that is not an object (%s) with 400 and says so', async (body) => {
    const res = await request(t.server).post('/api/cart/check').set(CSRF).set('Content-Type', 'application/json').send(body).expect(400);
    expect(res.body.message).toBe('El cuerpo de la petición no es un objeto JSON válido.');
  });

  it.each([
    ['text/plain', '{"ids":["x"]}'],
    ['application/x-www-form-urlencoded', 'ids=x'],
    ['application/xml', '<ids>x</ids>'],
    ['', '{"ids":["x"]}'],
    ['application/merge-patch+json', '{"ids":["x"]}'],
  ])('refuses a body sent as %p with 415, saying the API reads JSON, instead of blaming its fields', async (type, body) => {
    const res = await request(t.server).post('/api/cart/check').set(CSRF).set('Content-Type', type).send(body).expect(415);
    expect(res.body).toEqual({ statusCode: 415, code: 'unsupported_media_type', message: NOT_JSON_REFUSED });
  });

  it('takes JSON with a charset, and a request without a body, as before', async () => {
    await request(t.server).post('/api/cart/check').set(CSRF).set('Content-Type', 'application/json; charset=utf-8').send('{"ids":["x"]}').expect(200);
    await request(t.server).post('/api/cart/check').set(CSRF).set('Content-Type', 'Application/JSON').send('{"ids":["x"]}').expect(200);
    await request(t.server).post('/api/auth/logout').set(CSRF).expect((res) => expect(res.status).toBeLessThan(400));
  });

  it('refuses bytes that are not UTF-8 rather than store them as replacement characters', async () => {
    const body = Buffer.concat([Buffer.from('{"ids":["'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"]}')]);
    // The bytes as they are: superagent would send a Buffer given as JSON as its own JSON form. Its
    // serializer is typed to give a string, and passes on whatever it gives.
    const asIs = (sent: Buffer) => sent as unknown as string;
    const raw = (bytes: Buffer) => request(t.server).post('/api/cart/check').set(CSRF).set('Content-Type', 'application/json').serialize(asIs).send(bytes);
    const res = await raw(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'bad_request', message: INVALID_TEXT_REFUSED });
    await raw(Buffer.from('{"ids":["Dragón ✨"]}')).expect(200);
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
