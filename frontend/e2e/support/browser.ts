import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The system Chromium; no browser is ever downloaded for these tests. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 812 },
  smallPhone: { width: 375, height: 667 },
} as const;

export type ViewportName = keyof typeof viewports;

export function openContext(browser: Browser, baseURL: string, viewport: ViewportName): Promise<BrowserContext> {
  const phone = viewport !== 'desktop';
  return browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
}
