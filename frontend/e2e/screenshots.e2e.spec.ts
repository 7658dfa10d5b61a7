import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, type ViewportName } from './support/browser';
import { startShop, type RunningShop } from './support/shop-process';
import { screenshotPath } from './support/screenshots';

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

/**
 * Waits until requests and the pictures on screen have settled, so a capture never shows a
 * half-loaded page. Lazy images out of view (below the fold, or further along a carousel) never
 * load, so only those in view are awaited, and none for longer than a few seconds.
 */
async function capture(page: Page, name: string, viewport: ViewportName) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return !img.complete && box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
    });
    const settled = Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
  await page.screenshot({ path: screenshotPath(name, viewport) });
}

it.each<ViewportName>(['desktop', 'phone'])('captures the storefront at a %s', async (viewport) => {
  const context = await openContext(browser, shop.baseUrl, viewport);
  const page = await context.newPage();
  try {
    await page.goto('/');
    await page.getByRole('region', { name: 'Últimos sets' }).waitFor();
    await capture(page, 'home', viewport);

    await page.goto('/categoria/yugioh/LOB');
    await page.getByRole('link', { name: 'Dark Magician', exact: true }).waitFor();
    await capture(page, 'set', viewport);

    await page.goto('/search?q=dragon');
    await page.getByRole('link', { name: /Drag/ }).first().waitFor();
    await capture(page, 'search', viewport);

    await page.getByRole('link', { name: /Drag/ }).first().click();
    await page.getByRole('button', { name: 'Agregar al carrito' }).waitFor();
    await capture(page, 'product', viewport);
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();

    await page.goto('/categoria/yugioh/LOB');
    await page.getByRole('button', { name: 'Agregar Dark Magician al carrito' }).click();
    await page.goto('/cart');
    await page.getByTestId('cart-subtotal').waitFor();
    // Let the add-to-cart toasts from the previous pages expire so the picture shows the page itself.
    await page.waitForTimeout(2500);
    await capture(page, 'cart', viewport);

    await page.goto('/guest-or-login');
    await page.getByRole('heading', { name: 'Inicia sesión para continuar' }).waitFor();
    await capture(page, 'sign-in', viewport);

    await page.getByRole('button', { name: 'Entrar como admin demo' }).click();
    await page.getByRole('link', { name: 'Admin' }).or(page.getByRole('button', { name: /Mi cuenta/ })).first().waitFor();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
    if (viewport === 'phone') await page.getByRole('button', { name: /Mi cuenta/ }).click();
    await capture(page, 'admin-header', viewport);
  } finally {
    await context.close();
  }
});
