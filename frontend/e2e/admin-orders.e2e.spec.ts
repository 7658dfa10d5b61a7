import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, type ViewportName } from './support/browser';
import { startShop, type RunningShop } from './support/shop-process';
import { screenshotPath } from './support/screenshots';

const CSRF = { 'X-Requested-With': 'tcg' };
// A 1×1 PNG: the proof only has to be an image the server accepts.
const proofPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// Demo catalogue cards sold only in English, so a name search finds exactly one row.
const monsterReborn = { id: 'Monster Reborn_LOB-EN118_Ultra Rare_Unlimited_en', name: 'Monster Reborn', stock: 5 };
const changeOfHeart = { id: 'Change of Heart_MRD-EN060_Ultra Rare_1st Edition_en', name: 'Change of Heart', stock: 6 };

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function expectOk<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Places an order the way the checkout page does: dev sign-in as the demo customer, proof upload, checkout. */
async function placeOrder(api: APIRequestContext, card: { id: string }, quantity: number): Promise<string> {
  const me = await expectOk<{ user: { email: string } }>(
    await api.post('/api/auth/dev/login', { headers: CSRF, data: { as: 'customer' } }),
  );
  const detail = await expectOk<{ lastSalePrice: number; lastOfferPrice: number | null }>(
    await api.get(`/api/cards/${encodeURIComponent(card.id)}`),
  );
  const proof = await expectOk<{ proofKey: string }>(
    await api.post('/api/proofs', { headers: CSRF, multipart: { file: { name: 'pago.png', mimeType: 'image/png', buffer: proofPng } } }),
  );
  const unitPrice = detail.lastOfferPrice ?? detail.lastSalePrice;
  const placed = await expectOk<{ orderId: string }>(
    await api.post('/api/checkout', {
      headers: { ...CSRF, 'Idempotency-Key': randomUUID() },
      data: {
        name: 'Lucía Quispe',
        email: me.user.email,
        phone: '987654321',
        proofKey: proof.proofKey,
        items: [{ cardId: card.id, quantity, unitPrice }],
      },
    }),
  );
  return placed.orderId;
}

async function capture(page: Page, name: string, viewport: ViewportName) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: screenshotPath(name, viewport) });
}

const orderCard = (page: Page, orderId: string) => page.getByRole('listitem', { name: `Pedido #${orderId.slice(0, 8)}` });
const stockRow = (page: Page, name: string) => page.getByRole('row', { name, exact: true });

async function expectStock(page: Page, name: string, recorded: number, computed: number) {
  await page.getByRole('searchbox', { name: 'Buscar por nombre o código' }).fill(name);
  const cells = stockRow(page, name).getByRole('cell');
  await cells
    .nth(3)
    .filter({ hasText: new RegExp(`^${recorded}$`) })
    .waitFor();
  await cells
    .nth(4)
    .filter({ hasText: new RegExp(`^${computed}$`) })
    .waitFor();
  await cells
    .nth(5)
    .filter({ hasText: recorded === computed ? /^0$/ : /./ })
    .waitFor();
}

describe('admin panel', () => {
  let customer: BrowserContext;
  let admin: BrowserContext;
  afterEach(async () => {
    await customer?.close();
    await admin?.close();
  });

  it('confirms one order and cancels another, sees the stock back in the audit, and adds stock', async () => {
    customer = await openContext(browser, shop.baseUrl, 'desktop');
    const toConfirm = await placeOrder(customer.request, monsterReborn, 1);
    const toCancel = await placeOrder(customer.request, changeOfHeart, 2);

    admin = await openContext(browser, shop.baseUrl, 'desktop');
    const page = await admin.newPage();
    await page.goto('/admin');
    await page.waitForURL(/\/login\?returnTo=%2Fadmin$/);
    await page.getByRole('button', { name: 'Entrar como admin demo' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('link', { name: /Pedidos/ }).click();

    await page.waitForURL(/\/admin\/orders$/);
    await orderCard(page, toCancel).waitFor();
    // Each order's columns at the same places, whatever its products' names (QA: each table sized its own).
    const columns = await page.locator('.admin-order__items-head tr').evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => Math.round(cell.getBoundingClientRect().left)).join(' ')),
    );
    expect(columns.length).toBeGreaterThan(1);
    expect(new Set(columns).size).toBe(1);
    await orderCard(page, toConfirm).getByRole('button', { name: 'Confirmar' }).click();
    await orderCard(page, toConfirm).getByText('Confirmado', { exact: true }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await orderCard(page, toCancel).getByRole('button', { name: 'Anular' }).click();
    await orderCard(page, toCancel).getByText('Anulado', { exact: true }).waitFor();
    expect(await orderCard(page, toConfirm).getByRole('button').count()).toBe(0);
    expect(await orderCard(page, toCancel).getByRole('button').count()).toBe(0);

    await page.goto('/admin/stock-check');
    await expectStock(page, changeOfHeart.name, changeOfHeart.stock, changeOfHeart.stock);
    await expectStock(page, monsterReborn.name, monsterReborn.stock - 1, monsterReborn.stock - 1);

    await page.getByRole('searchbox', { name: 'Buscar por nombre o código' }).fill(changeOfHeart.name);
    await stockRow(page, changeOfHeart.name).getByRole('button', { name: 'Agregar Stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Stock' });
    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Costo unitario (S/)' }).fill('3.30');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectStock(page, changeOfHeart.name, changeOfHeart.stock + 3, changeOfHeart.stock + 3);

    const toggle = stockRow(page, changeOfHeart.name).locator('.stock-table__toggle');
    const closed = await toggle.evaluate((button) => button.getBoundingClientRect().width);
    await stockRow(page, changeOfHeart.name).getByRole('button', { name: 'Movimientos' }).click();
    const movements = page.getByRole('list', { name: 'Movimientos' }).getByRole('listitem');
    await movements.nth(3).waitFor();
    // 'Ocultar movimientos' takes no more room than 'Movimientos' had, so its column keeps its width (QA: every row jumped).
    expect(await toggle.evaluate((button) => button.getBoundingClientRect().width)).toBe(closed);
    expect(await movements.evaluateAll((items) => items.map((item) => item.className))).toEqual([
      'movement movement--ingreso',
      'movement movement--reserva',
      'movement movement--anulacion',
      'movement movement--ingreso',
    ]);
  });

  it("never acts behind the admin's back: a 'Confirmar' clicked offline fails at once, is not sent when the signal is back, and the list returns by itself", async () => {
    customer = await openContext(browser, shop.baseUrl, 'desktop');
    const orderId = await placeOrder(customer.request, monsterReborn, 1);
    admin = await openContext(browser, shop.baseUrl, 'desktop');
    await expectOk(await admin.request.post('/api/auth/dev/login', { headers: CSRF, data: { as: 'admin' } }));
    const page = await admin.newPage();
    await page.goto('/admin/orders');
    const confirm = orderCard(page, orderId).getByRole('button', { name: 'Confirmar' });
    await confirm.waitFor();
    await admin.setOffline(true);
    await confirm.click();
    // The list asked again and could not: the page says so, with a retry.
    await page.getByText('No se pudo conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.').waitFor();
    // Back online, the list comes back without a tap on 'Reintentar'.
    await admin.setOffline(false);
    await orderCard(page, orderId).getByRole('button', { name: 'Confirmar' }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2000);
    const { orders } = await expectOk<{ orders: { id: string; status: string }[] }>(await admin.request.get('/api/admin/orders'));
    expect(orders.find((order) => order.id === orderId)?.status).toBe('pendiente_confirmación_pago');
  });

  it("shows an admin who signs in after a customer, in the same tab, none of the customer's orders", async () => {
    customer = await openContext(browser, shop.baseUrl, 'desktop');
    const placed = await placeOrder(customer.request, monsterReborn, 1);
    const page = await customer.newPage();
    await page.goto('/account/history');
    await page.getByText(`Pedido #${placed.slice(0, 8)}`).waitFor();

    const menu = page.getByRole('button', { name: 'Mi cuenta' });
    await menu.click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByRole('button', { name: 'Entrar como admin demo' }).click();
    await page.getByText('Hola, Admin').first().waitFor();
    await menu.click();
    await page.getByRole('link', { name: 'Mis pedidos' }).click();

    // The first answer the page shows is the admin's own: the customer's order is never on screen.
    const shown = page.locator('.order-history__empty, .order-card__id').first();
    await shown.waitFor();
    expect(await shown.textContent()).toBe('No tienes pedidos registrados.');
  });

  it.each<ViewportName>(['desktop', 'phone'])('captures the dashboard, orders and stock audit at a %s', async (viewport) => {
    admin = await openContext(browser, shop.baseUrl, viewport);
    await expectOk(await admin.request.post('/api/auth/dev/login', { headers: CSRF, data: { as: 'admin' } }));
    const page = await admin.newPage();

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Herramientas de administración' }).waitFor();
    await capture(page, 'admin-dashboard', viewport);

    await page.goto('/admin/orders');
    await page
      .getByRole('listitem', { name: /^Pedido #/ })
      .first()
      .waitFor();
    await capture(page, 'admin-orders', viewport);

    await page.goto('/admin/stock-check');
    await stockRow(page, changeOfHeart.name).getByRole('button', { name: 'Movimientos' }).click();
    await page.getByRole('list', { name: 'Movimientos' }).waitFor();
    await capture(page, 'admin-stock-check', viewport);
    // The whole table, the print under each name included, fits the window: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
