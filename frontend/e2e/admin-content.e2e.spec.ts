import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '@tcg/domain';
import sharp from 'sharp';
import { launchBrowser, openContext, type ViewportName } from './support/browser';
import { startShop, type RunningShop } from './support/shop-process';
import { screenshotPath } from './support/screenshots';


const sets = [
  { set_name: 'Legend of Blue Eyes White Dragon', set_code: 'LOB', num_of_cards: 126, tcg_date: '2002-03-08' },
  { set_name: 'Blazing Vortex', set_code: 'BLVO', num_of_cards: 100, tcg_date: '2021-02-05' },
];
const cards = [
  {
    name: 'Dark Magician',
    card_sets: [
      { set_code: 'LOB-EN005', set_name: 'Legend of Blue Eyes White Dragon', set_rarity: 'Ultra Rare', set_rarity_code: '(UR)' },
      { set_code: 'SDMY-EN010', set_name: 'Structure Deck: Mystic Spellcasters', set_rarity: 'Common', set_rarity_code: 'EN-C' },
    ],
  },
  { name: 'Pot of Prosperity', card_sets: [{ set_code: 'BLVO-EN065', set_name: 'Blazing Vortex', set_rarity: 'Secret Rare', set_rarity_code: '(ScR)' }] },
];

/** A stand-in for YGOProDeck's API v7 (the backend's int tests have a fuller one): the shop under test never calls the real one. */
async function startCardDatabase(): Promise<{ url: string; imageRequests: string[]; server: Server }> {
  const picture = await sharp({ create: { width: 590, height: 860, channels: 3, background: '#7b3fa0' } }).jpeg().toBuffer();
  const imageRequests: string[] = [];
  let base = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/cardsets.php') return json(200, sets);
    if (url.pathname.startsWith('/images/')) {
      imageRequests.push(url.pathname);
      return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(picture);
    }
    const name = url.searchParams.get('name');
    const setName = url.searchParams.get('cardset');
    const found = cards.filter((card) => (name ? card.name === name : card.card_sets.some((entry) => entry.set_name === setName)));
    if (url.pathname !== '/cardinfo.php' || found.length === 0) return json(400, { error: 'No card matching your query was found in the database.' });
    const image = (card: { name: string }) => `${base}/images/${card.name.replace(/\W+/g, '-')}.jpg`;
    json(200, { data: found.map((card) => ({ ...card, card_images: [{ image_url: image(card), image_url_small: image(card) }] })) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, imageRequests, server };
}

let cardDatabase: Awaited<ReturnType<typeof startCardDatabase>>;
let shop: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  cardDatabase = await startCardDatabase();
  shop = await startShop({ CARD_DATABASE_URL: cardDatabase.url });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  cardDatabase?.server.close();
});

afterEach(() => context?.close());

async function adminPage(viewport: ViewportName = 'desktop') {
  context = await openContext(browser, shop.baseUrl, viewport);
  page = await context.newPage();
  const res = await page.request.post('/api/auth/dev/login', { data: { as: 'admin' }, headers: { 'X-Requested-With': 'tcg' } });
  expect(res.ok()).toBe(true);
  return page;
}

async function capture(name: string, viewport: ViewportName) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: screenshotPath(name, viewport) });
}

describe('admin content tools', () => {
  it('creates a set by autocomplete and shows it in the menu', async () => {
    await adminPage();
    await page.goto('/admin/sets');
    await page.getByRole('button', { name: 'Nuevo set' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo set' });
    await dialog.getByLabel('Nombre').fill('Blazing Vortex');
    await dialog.getByRole('button', { name: 'Autocompletar' }).click();
    await page.getByText(messages.admin.sets.autocompleted(1)).waitFor();
    expect(await dialog.getByLabel('Código').inputValue()).toBe('BLVO');
    expect(await dialog.getByLabel('Lanzamiento').inputValue()).toBe('2021-02-05');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /BLVO/ }).waitFor();
    await page.getByRole('button', { name: 'Editar Blazing Vortex' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar set' });
    const background = (label: string) => edit.getByLabel(label).evaluate((input) => getComputedStyle(input).backgroundColor);
    // The code cannot change once the set exists, and does not look as if it could (QA).
    expect(await edit.getByLabel('Código').getAttribute('readonly')).not.toBeNull();
    expect(await background('Código')).not.toBe(await background('Nombre'));
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await page.goto('/categoria/yugioh/BLVO');
    await page.getByRole('heading', { level: 1, name: 'Blazing Vortex' }).waitFor();
  });

  it('adds a slide, edits it, hides it from the home page, and deletes it', async () => {
    await adminPage();
    await page.goto('/admin/manage-slider');
    await page.getByRole('button', { name: 'Agregar slide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar slide' });
    await dialog.getByLabel('Título (opcional)').fill('Promo e2e');
    await dialog.getByLabel('URL de la imagen de escritorio').fill('/api/images/placeholder/slide/Promo%20e2e.svg');
    await dialog.getByLabel('Texto alternativo').fill('Promo e2e');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(messages.admin.slides.saved).waitFor();
    const row = page.getByRole('row', { name: /Promo e2e/ });
    await row.waitFor();

    const homeSlides = async () => (await (await page.request.get('/api/home')).json()).slides.map((s: { title: string }) => s.title);
    expect(await homeSlides()).toContain('Promo e2e');

    await row.getByRole('button', { name: 'Editar Promo e2e' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar slide' });
    await edit.getByLabel('Enlace (opcional)').fill('/search?q=dragon');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: '/search?q=dragon' }).waitFor();
    const home = (await (await page.request.get('/api/home')).json()).slides as Array<{ title: string; link: string }>;
    expect(home.find((slide) => slide.title === 'Promo e2e')?.link).toBe('/search?q=dragon');

    await row.getByRole('checkbox', { name: 'Visible: Promo e2e' }).uncheck();
    await page.getByText(messages.admin.slides.hidden).waitFor();
    expect(await homeSlides()).not.toContain('Promo e2e');

    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: 'Eliminar Promo e2e' }).click();
    await page.getByText(messages.admin.slides.deleted).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('saves Most Wanted and the home page shows it', async () => {
    await adminPage();
    await page.goto('/admin/manage-most-wanted');
    await page.getByRole('searchbox', { name: 'Buscar cartas' }).fill('Jirai Gumo');
    const pick = page.getByRole('checkbox', { name: /^Elegir Jirai Gumo/ }).first();
    await pick.check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(messages.admin.mostWanted.saved).waitFor();
    const entries = (await (await page.request.get('/api/admin/most-wanted')).json()).entries as Array<{ defaultName: string }>;
    expect(entries.map((entry) => entry.defaultName)).toContain('Jirai Gumo');
    await page.goto('/');
    await page.getByRole('region', { name: 'Most Wanted' }).getByText('Jirai Gumo').first().waitFor();
  });

  it('uploads a card from the card database and finds it in search', async () => {
    await adminPage();
    await page.goto('/admin/upload-card');
    const name = page.getByLabel('Nombre en inglés');
    await name.fill('Pot of Prosperity');
    await name.press('Enter');
    await page.getByText(messages.admin.upload.found).waitFor();
    await page.getByLabel('Versión').selectOption({ index: 1 });
    expect(await page.getByLabel('Código del set').inputValue()).toBe('BLVO-EN065');
    await page.getByLabel('Cantidad').fill('3');
    await page.getByLabel('Precio de venta (S/)').fill('25.50');
    await page.getByRole('button', { name: 'Subir carta' }).click();
    await page.getByText(messages.admin.upload.saved).waitFor();

    await page.goto('/search?q=prosperity');
    await page.getByRole('link', { name: 'Pot of Prosperity' }).first().waitFor();
    // The picture is copied by a background job, once.
    for (let waited = 0; cardDatabase.imageRequests.length === 0 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
    expect(cardDatabase.imageRequests).toEqual(['/images/Pot-of-Prosperity.jpg']);
  });

  it.each<ViewportName>(['desktop', 'phone'])('captures the content tools at a %s', async (viewport) => {
    await adminPage(viewport);
    await page.goto('/admin/sets');
    await page.getByRole('row', { name: /LOB/ }).first().waitFor();
    await capture('admin-sets', viewport);
    await page.getByRole('button', { name: 'Nuevo set' }).click();
    await capture('admin-set-dialog', viewport);

    await page.goto('/admin/manage-slider');
    await page.getByRole('table').waitFor();
    await capture('admin-slider', viewport);
    await page.getByRole('button', { name: 'Agregar slide' }).click();
    await capture('admin-slide-dialog', viewport);

    await page.goto('/admin/manage-most-wanted');
    await page.getByRole('table').waitFor();
    await capture('admin-most-wanted', viewport);

    await page.goto('/admin/upload-card');
    const name = page.getByLabel('Nombre en inglés');
    await name.fill('Dark Magician');
    await name.press('Enter');
    await page.getByText(messages.admin.upload.found).waitFor();
    await page.getByLabel('Versión').selectOption({ index: 2 });
    await capture('admin-upload-card', viewport);
  });
});
