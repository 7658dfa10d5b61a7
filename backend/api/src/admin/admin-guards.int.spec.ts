import request from 'supertest';
import { CSRF, signInAdmin, signInNewCustomer } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';

interface RouteLayer {
  route?: {
    path: string | RegExp | (string | RegExp)[];
    methods: Record<string, boolean>;
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS = new Set<string>(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every method and path the Express router serves under /api/admin, whoever's module declared it,
 * with each `:param` (and Express 5 wildcard) filled in so the request reaches the route's guards.
 */
function adminRoutes(t: TestApp): { method: Method; path: string }[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: RouteLayer[] };
  };
  return express.router.stack.flatMap(({ route }) => {
    if (!route) return [];
    // Nest declares string paths; the storefront's fallback is a RegExp and never an admin route.
    const paths = [route.path].flat().filter((path): path is string => typeof path === 'string' && path.startsWith('/api/admin'));
    const methods = Object.keys(route.methods)
      .map((method) => (method === '_all' ? 'get' : method))
      .filter((method) => METHODS.has(method));
    return paths.flatMap((path) =>
      methods.map((method) => ({
        method: method as Method,
        path: path
          .replace(/\{\/?\*\w*\}|\*\w*/g, 'probe')
          .replace(/:\w+/g, 'probe')
          .replace(/[{}]/g, ''),
      })),
    );
  });
}

describe('every /api/admin route is for admins only', () => {
  let t: TestApp;
  let routes: { method: Method; path: string }[];
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    routes = adminRoutes(t);
  });
  afterAll(() => t.close());

  it('discovers the routes from the router, this feature’s among them', () => {
    const names = routes.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders',
        'POST /api/admin/orders/probe/confirm',
        'POST /api/admin/orders/probe/cancel',
        'GET /api/admin/stock-check',
        'GET /api/admin/cards/probe/movements',
        'POST /api/admin/cards/probe/stock',
      ]),
    );
  });

  // The CSRF header goes on every request, so the only thing that can refuse is the admin guard.
  const call = (client: ReturnType<typeof request.agent> | ReturnType<typeof request>, method: Method, path: string) => {
    const req = client[method](path).set(CSRF);
    return method === 'get' || method === 'delete' ? req : req.send({});
  };

  it('answers 401 to a signed-out visitor on every route', async () => {
    for (const { method, path } of routes) {
      const res = await call(request(t.server), method, path);
      expect({ route: `${method} ${path}`, status: res.status }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      });
    }
  });

  it('answers 403 to a signed-in customer on every route', async () => {
    const customer = await signInNewCustomer(t);
    for (const { method, path } of routes) {
      const res = await call(customer.agent, method, path);
      expect({ route: `${method} ${path}`, status: res.status }).toEqual({
        route: `${method} ${path}`,
        status: 403,
      });
    }
  });

  it('lets an admin through on every route', async () => {
    const admin = await signInAdmin(t);
    for (const { method, path } of routes) {
      const res = await call(admin.agent, method, path);
      expect({
        route: `${method} ${path}`,
        refused: [401, 403].includes(res.status),
      }).toEqual({ route: `${method} ${path}`, refused: false });
    }
  });

  it('answers any malformed body on every write route with a 4xx in Spanish, never zod’s English or a 500', async () => {
    const admin = await signInAdmin(t);
    const bodies: unknown[] = [[], {}, { visible: 'no', order: 99_999_999, title: 5 }, { preorderAvailable: 'true', cards: ['LOB-EN001', ''] }, { edition: 'foo', language: 'fr', spanishName: 5 }, { quantity: '2', unitCost: [] }];
    const english = /\b(Invalid|expected|received|Too small|Too big|Required)\b/;
    const answers: { route: string; status: number; message: string }[] = [];
    for (const { method, path } of routes.filter((route) => route.method !== 'get' && route.method !== 'delete')) {
      for (const body of bodies) {
        const res = await admin.agent[method](path).set(CSRF).send(body as object);
        answers.push({ route: `${method} ${path} ${JSON.stringify(body)}`, status: res.status, message: String(res.body.message) });
      }
    }
    const wrong = answers.filter(({ status, message }) => status >= 500 || (status >= 400 && english.test(message)));
    expect(wrong).toEqual([]);
    expect(answers.filter(({ status }) => status === 400).length).toBeGreaterThan(20);
  });
});
