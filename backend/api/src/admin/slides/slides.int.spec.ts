import { messages } from '@tcg/domain';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../auth';
import { startTestApp, type TestApp } from '../../testing/test-app';

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe('admin slides API', () => {
  let shop: TestApp;
  let admin: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    shop = await startTestApp({ DEMO_SEED: 'false' });
    admin = request.agent(shop.server);
    await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
  });
  afterAll(() => shop?.close());

  const homeSlides = async () => (await request(shop.server).get('/api/home').expect(200)).body.slides as Array<{ id: string }>;

  it('is for admins only', async () => {
    await request(shop.server).get('/api/admin/slides').expect(401);
  });

  it.each([undefined, '', '   '])('refuses a slide whose desktop URL is %p', async (desktopUrl) => {
    const res = await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Sin imagen', desktopUrl }).expect(400);
    expect(res.body.message).toBe(messages.admin.slides.missingDesktopUrl);
  });

  it.each([
    { title: 't'.repeat(201) },
    { alt: 'a'.repeat(201) },
    { link: `/search?q=${'x'.repeat(2000)}` },
    { desktopUrl: `https://cdn.example/${'d'.repeat(2000)}.webp` },
    { link: 'javascript:alert(1)' },
    { link: ' JavaScript:alert(1)' },
    { link: '//evil.example/x' },
    // Browsers read `/\host` as `//host`: another site, in the same tab.
    { link: '/\\evil.example/' },
    { link: '/\\/evil.example' },
    { desktopUrl: '/\\evil.example/x.png' },
    { link: '/search?q=x\\y' },
    { link: '/search?q=x\ny' },
    { link: '/\u2028\\evil.example' },
    { mobileUrl: 'data:image/png;base64,AAAA' },
    { desktopUrl: 'file:///etc/passwd' },
    // The site's content security policy shows images from itself or over HTTPS only.
    { desktopUrl: 'http://cdn.example/d.webp' },
    { mobileUrl: 'http://cdn.example/m.webp' },
    // Shown on one line of the home page and the admin's table: no line breaks, bells or direction overrides.
    { title: '\u202eOferta' },
    { title: 'Oferta\u0007' },
    { alt: 'x\ny' },
    { desktopUrl: 'https://cdn.example/\u202ed.webp' },
  ])('refuses an overlong field or an address that is not a web page (%#), naming it, and stores nothing', async (change) => {
    const before = (await admin.get('/api/admin/slides').expect(200)).body.slides.length;
    const res = await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Largo', desktopUrl: 'https://cdn.example/d.webp', ...change }).expect(400);
    expect(res.body.message).toBe(messages.admin.slides.saveFailed);
    // The field refused, for the dialog to mark.
    expect(res.body.details[0].path).toBe(Object.keys(change)[0]);
    expect((await admin.get('/api/admin/slides').expect(200)).body.slides).toHaveLength(before);
  });

  it('stores blank optional fields as null, coerces the order and is visible by default', async () => {
    const res = await admin
      .post('/api/admin/slides')
      .set(CSRF)
      .send({ title: '', desktopUrl: '  https://cdn.example/d.webp ', mobileUrl: ' ', link: '', order: '3' })
      .expect(201);
    expect(res.body).toMatchObject({ title: null, desktopUrl: 'https://cdn.example/d.webp', mobileUrl: null, link: null, order: 3, visible: true, alt: '' });
    const odd = await admin.post('/api/admin/slides').set(CSRF).send({ desktopUrl: 'https://cdn.example/e.webp', order: 'abc' }).expect(201);
    expect(odd.body.order).toBe(0);
  });

  it('lists newest first, toggles visibility (the home shows visible slides only) and deletes', async () => {
    const first = (await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Primero', desktopUrl: 'https://cdn.example/1.webp' }).expect(201)).body;
    const second = (await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Segundo', desktopUrl: 'https://cdn.example/2.webp', link: '/search?q=dragon' }).expect(201)).body;
    const listed = (await admin.get('/api/admin/slides').expect(200)).body.slides as Array<{ id: string; createdAtMs: number }>;
    expect(listed.slice(0, 2).map((slide) => slide.id)).toEqual([second.id, first.id]);
    expect(typeof listed[0].createdAtMs).toBe('number');
    expect((await homeSlides()).map((slide) => slide.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    const hidden = await admin.patch(`/api/admin/slides/${first.id}/visibility`).set(CSRF).send({ visible: false }).expect(200);
    expect(hidden.body.visible).toBe(false);
    expect((await homeSlides()).map((slide) => slide.id)).not.toContain(first.id);
    await admin.patch(`/api/admin/slides/${first.id}/visibility`).set(CSRF).send({ visible: true }).expect(200);
    expect((await homeSlides()).map((slide) => slide.id)).toContain(first.id);

    await admin.delete(`/api/admin/slides/${second.id}`).set(CSRF).expect(204);
    expect((await admin.get('/api/admin/slides').expect(200)).body.slides.map((slide: { id: string }) => slide.id)).not.toContain(second.id);
    expect((await homeSlides()).map((slide) => slide.id)).not.toContain(second.id);
  });

  it('edits every field of a slide but its id and creation time, and the home shows the edit', async () => {
    const slide = (await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Antes', desktopUrl: 'https://cdn.example/a.webp', link: '/serch?q=x' }).expect(201)).body;
    const res = await admin
      .put(`/api/admin/slides/${slide.id}`)
      .set(CSRF)
      .send({ title: ' Después ', desktopUrl: 'https://cdn.example/b.webp', mobileUrl: 'https://cdn.example/b-movil.webp', link: '/search?q=dragon', alt: '', order: '7', visible: false })
      .expect(200);
    expect(res.body).toEqual({
      ...slide,
      title: 'Después',
      desktopUrl: 'https://cdn.example/b.webp',
      mobileUrl: 'https://cdn.example/b-movil.webp',
      link: '/search?q=dragon',
      // A blank alt text takes the title, as on creation.
      alt: 'Después',
      order: 7,
      visible: false,
    });
    expect((await admin.get('/api/admin/slides').expect(200)).body.slides).toContainEqual(res.body);
    expect((await homeSlides()).map((one) => one.id)).not.toContain(slide.id);

    await admin.put(`/api/admin/slides/${slide.id}`).set(CSRF).send({ ...res.body, visible: true }).expect(200);
    expect(await homeSlides()).toContainEqual(expect.objectContaining({ id: slide.id, link: '/search?q=dragon', order: 7 }));
  });

  it.each([{ desktopUrl: '  ' }, { link: 'javascript:alert(1)' }, { title: 't'.repeat(201) }, { alt: 'a\u2066b' }])(
    'refuses an edit the creation would refuse (%#) and keeps the slide as it was',
    async (change) => {
      const slide = (await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Intacto', desktopUrl: 'https://cdn.example/i.webp' }).expect(201)).body;
      const res = await admin.put(`/api/admin/slides/${slide.id}`).set(CSRF).send({ ...slide, ...change }).expect(400);
      expect(res.body.details[0].path).toBe(Object.keys(change)[0]);
      expect((await admin.get('/api/admin/slides').expect(200)).body.slides).toContainEqual(slide);
    },
  );

  it('lets only admins edit', async () => {
    const slide = (await admin.post('/api/admin/slides').set(CSRF).send({ title: 'Mío', desktopUrl: 'https://cdn.example/m.webp' }).expect(201)).body;
    await request(shop.server).put(`/api/admin/slides/${slide.id}`).set(CSRF).send({ desktopUrl: 'https://evil.example/x.webp' }).expect(401);
    const customer = request.agent(shop.server);
    await customer.post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
    await customer.put(`/api/admin/slides/${slide.id}`).set(CSRF).send({ desktopUrl: 'https://evil.example/x.webp' }).expect(403);
    expect((await admin.get('/api/admin/slides').expect(200)).body.slides).toContainEqual(slide);
  });

  it('answers the spec texts for a slide that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const edit = await admin.put(`/api/admin/slides/${missing}`).set(CSRF).send({ desktopUrl: 'https://cdn.example/x.webp' }).expect(404);
    expect(edit.body.message).toBe(messages.admin.slides.saveFailed);
    await admin.put('/api/admin/slides/not-a-uuid').set(CSRF).send({ desktopUrl: 'https://cdn.example/x.webp' }).expect(404);
    const toggle = await admin.patch(`/api/admin/slides/${missing}/visibility`).set(CSRF).send({ visible: false }).expect(404);
    expect(toggle.body.message).toBe(messages.admin.slides.visibilityFailed);
    const removal = await admin.delete('/api/admin/slides/not-a-uuid').set(CSRF).expect(404);
    expect(removal.body.message).toBe(messages.admin.slides.deleteFailed);
  });
});
