import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openCartWith } from './support/cart';
import { openShopSession, type ShopSession } from './support/shop-session';

// A demo catalogue card with plenty of stock (backend/api/src/seed/demo-catalogue.ts).
const CARD = { id: 'Jirai Gumo_LON-EN007_Common_Unlimited_en', name: 'Jirai Gumo' };
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let session: ShopSession;

beforeAll(async () => {
  session = await openShopSession(CARD.id);
}, 180_000);

afterAll(() => session?.close());

const signedInPage = (as?: 'customer' | 'admin'): Promise<Page> => session.page('desktop', as);

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe-core's WCAG 2.1 A and AA rules and its best practices on the page as it stands: every finding, whatever its impact. */
async function violations(page: Page): Promise<Violation[]> {
  // Evaluated, not added as a script tag: the shop's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[]; html: string }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}`) }));
  });
}

async function audit(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<[string, Violation[]]> {
  await page.goto(path);
  await ready(page);
  // What the screen loads (lists, tables) is in it when it is audited, not only its skeleton.
  await page.waitForLoadState('networkidle');
  return [path, await violations(page)];
}

it('has no WCAG 2.1 AA or best-practice findings on the storefront', async () => {
  const page = await signedInPage();
  const found = [
    await audit(page, '/', (p) => p.getByRole('region', { name: 'Últimos sets' }).waitFor()),
    await audit(page, `/search?q=${encodeURIComponent('dragon')}`, (p) => p.locator('[data-testid="search-results"], .card-grid').first().waitFor()),
    await audit(page, `/product/${encodeURIComponent(CARD.id)}`, (p) => p.getByRole('button', { name: 'Agregar al carrito' }).waitFor()),
  ];
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  found.push(await audit(page, '/cart', (p) => p.getByTestId('cart-subtotal').waitFor()));
  found.push(await audit(page, '/login', (p) => p.getByRole('heading', { level: 1 }).waitFor()));
  found.push(await audit(page, '/privacidad', (p) => p.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor()));
  // A missing card's or set's page is a page too: its heading says so.
  found.push(await audit(page, '/product/no-such-card', (p) => p.getByRole('heading', { level: 1, name: 'Carta no encontrada.' }).waitFor()));
  found.push(await audit(page, '/categoria/yugioh/NOPE', (p) => p.getByRole('heading', { level: 1, name: 'Set no encontrado.' }).waitFor()));
  expect(Object.fromEntries(found.filter(([, list]) => list.length > 0))).toEqual({});
});

it.each(['desktop', 'phone'] as const)("shows a focused carousel tile's whole ring, inside the scroller that clips what overflows it (%s)", async (viewport) => {
  const page = await session.page(viewport);
  await page.goto('/');
  for (const name of ['Most Wanted', 'Últimos sets']) {
    const tiles = page.getByRole('region', { name }).getByRole('link');
    await tiles.first().waitFor();
    // Tile after tile, as Tab goes: on a phone the third is half out of view when the keyboard gets there.
    for (let index = 0; index < Math.min(4, await tiles.count()); index++) {
      const tile = tiles.nth(index);
      await tile.focus();
      // Smooth or snapped scrolling settles first.
      await page.waitForTimeout(400);
      const [ring, track] = await tile.evaluate((link) => {
        const box = link.getBoundingClientRect();
        const width = parseFloat(getComputedStyle(link).outlineWidth) + parseFloat(getComputedStyle(link).outlineOffset);
        const scroller = link.closest('.carousel__track')!.getBoundingClientRect();
        return [
          { top: box.top - width, left: box.left - width, right: box.right + width, bottom: box.bottom + width },
          { top: scroller.top, left: scroller.left, right: scroller.right, bottom: scroller.bottom },
        ];
      });
      expect([name, index, ring.top >= track.top, ring.left >= track.left, ring.right <= track.right, ring.bottom <= track.bottom]).toEqual([name, index, true, true, true, true]);
    }
  }
});

it('has no WCAG 2.1 AA or best-practice findings on the checkout, the order history and the admin screens', async () => {
  const customer = await signedInPage('customer');
  const admin = await signedInPage('admin');
  const heading = (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor();
  await customer.goto(`/product/${encodeURIComponent(CARD.id)}`);
  await customer.getByRole('button', { name: 'Agregar al carrito' }).click();
  const found = [
    await audit(customer, '/checkout', heading),
    await audit(customer, '/account/history', heading),
    await audit(admin, '/admin/orders', heading),
    await audit(admin, '/admin/stock-check', heading),
    await audit(admin, '/admin/sets', heading),
    await audit(admin, '/admin/manage-slider', heading),
    await audit(admin, '/admin/manage-most-wanted', heading),
    await audit(admin, '/admin/upload-card', heading),
  ];
  // The admin's dialogs, open: their refused saves too, fields marked and described.
  const opened = async (path: string, button: string, refuse: boolean): Promise<[string, Violation[]]> => {
    await admin.goto(path);
    await admin.getByRole('button', { name: button }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    if (refuse) {
      await dialog.getByRole('button', { name: /^(Guardar|Agregar)$/ }).click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
    }
    return [`${path} (${button})`, await violations(admin)];
  };
  found.push(await opened('/admin/sets', 'Nuevo set', true));
  found.push(await opened('/admin/manage-slider', 'Agregar slide', true));
  found.push(await opened('/admin/stock-check', 'Agregar Stock', false));
  expect(Object.fromEntries(found.filter(([, list]) => list.length > 0))).toEqual({});
});

it('has no findings on the admin tables laid out as cards on a phone', async () => {
  const admin = await session.page('phone', 'admin');
  const rows = (p: Page) => p.locator('.ca-table--stack tbody tr').first().waitFor();
  const found = [
    await audit(admin, '/admin/sets', rows),
    await audit(admin, '/admin/manage-slider', rows),
    await audit(admin, '/admin/manage-most-wanted', rows),
  ];
  expect(Object.fromEntries(found.filter(([, list]) => list.length > 0))).toEqual({});
});

/**
 * How much of the focused element's ring (outline, or its `::after` overlay's) lies outside the nearest
 * ancestor that clips it, in CSS px on its worst side; 0 when all of it shows.
 */
const clippedRing = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const after = getComputedStyle(focused, '::after');
    const own = getComputedStyle(focused);
    const ring = own.outlineStyle !== 'none' ? own : after;
    const reach = parseFloat(ring.outlineOffset) + parseFloat(ring.outlineWidth) - (ring === after ? parseFloat(after.top) : 0);
    const box = focused.getBoundingClientRect();
    let clip = focused.parentElement;
    while (clip && getComputedStyle(clip).overflow === 'visible') clip = clip.parentElement;
    if (!clip) return 0;
    const frame = clip.getBoundingClientRect();
    return Math.max(0, frame.left - (box.left - reach), box.right + reach - frame.right, frame.top - (box.top - reach), box.bottom + reach - frame.bottom);
  });

it('draws the keyboard focus ring where it shows, inside the boxes that clip it (the quantity stepper, the home slider)', async () => {
  const page = await signedInPage();
  await openCartWith(page, CARD.id);
  const clipped: Record<string, number> = {};
  for (const name of ['Quitar una unidad', 'Cantidad', 'Agregar una unidad']) {
    const part = page.locator('.quantity-input').getByLabel(name, { exact: true });
    await part.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    clipped[name] = await clippedRing(page);
  }
  await page.goto('/');
  const slideLink = page.locator('[data-testid="slide"]:not([aria-hidden="true"]) a').first();
  await slideLink.waitFor();
  await slideLink.focus();
  clipped.slide = await clippedRing(page);
  expect(clipped).toEqual({ 'Quitar una unidad': 0, Cantidad: 0, 'Agregar una unidad': 0, slide: 0 });
});
