import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, type ViewportName } from './browser';
import { startShop, type RunningShop } from './shop-process';

/** A running shop, a browser, and pages in contexts of their own, closed together. */
export interface ShopSession {
  shop: RunningShop;
  /** A page in a new context on `viewport`, signed in with the demo sign-in when `as` is given. */
  page(viewport: ViewportName, as?: 'customer' | 'admin'): Promise<Page>;
  close(): Promise<void>;
}

/** Starts the shop and the browser, and waits until the demo card `readyCardId` has been projected. */
export async function openShopSession(readyCardId: string): Promise<ShopSession> {
  const shop = await startShop();
  const browser: Browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const deadline = Date.now() + 100_000;
  while (!(await fetch(`${shop.baseUrl}/api/cards/${encodeURIComponent(readyCardId)}`)).ok) {
    if (Date.now() > deadline) throw new Error(`${readyCardId} was never projected`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    shop,
    async page(viewport, as) {
      const context = await openContext(browser, shop.baseUrl, viewport);
      contexts.push(context);
      const page = await context.newPage();
      if (as) expect((await page.request.post('/api/auth/dev/login', { data: { as }, headers: { 'X-Requested-With': 'tcg' } })).ok()).toBe(true);
      return page;
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close()));
      await browser.close();
      await shop.stop();
    },
  };
}
