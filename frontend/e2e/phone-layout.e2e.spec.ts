import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { openCartWith } from './support/cart';
import { openShopSession, type ShopSession } from './support/shop-session';

// A demo catalogue card with plenty of stock (backend/api/src/seed/demo-catalogue.ts).
const CARD = { id: 'Jirai Gumo_LON-EN007_Common_Unlimited_en', name: 'Jirai Gumo' };

let session: ShopSession;

beforeAll(async () => {
  session = await openShopSession(CARD.id);
}, 180_000);

afterAll(() => session?.close());

/** The smallest phone in common use (375 × 667): where a floating button has the least room. */
const phonePage = (as?: 'customer' | 'admin'): Promise<Page> => session.page('smallPhone', as);

/** How many CSS pixels the page is wider than the phone's screen (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The heights of what `selector` matches that are shorter than a fingertip (44 CSS px). */
const tooSmall = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height).filter((height) => height < 44));

/**
 * The tap targets under `scope` smaller than a fingertip (WCAG 2.5.5: 44 × 44 CSS px), each named as
 * `tag "name" width×height`. A target is every link, button, checkbox, select, summary and [role=button]
 * shown on the screen (not hidden, inert, or scrolled off its side). A checkbox is measured by its label
 * (wrapping it or `for=`), which takes the tap for it. A link in running text (inline, with words of its
 * parent's own on either side) needs only the height: its width is that of its words.
 */
const smallTargets = (page: Page, scope = 'body') =>
  page.locator(scope).evaluate((root) => {
    // Less a hair: a box mapped through a transform (a sheet that slid up) comes back 43.99999 px tall.
    const fingertip = 44 - 0.01;
    const targets = root.querySelectorAll<HTMLElement>('a[href], button, input[type="checkbox"], select, summary, [role="button"]');
    return [...targets].flatMap((element) => {
      const label = element instanceof HTMLInputElement ? (element.labels?.[0] ?? null) : null;
      const target = label ?? element;
      if (target.closest('[inert]') || !target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return [];
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.right <= 0 || box.left >= window.innerWidth) return [];
      const inText =
        element.tagName === 'A' &&
        getComputedStyle(element).display === 'inline' &&
        [...(element.parentElement?.childNodes ?? [])].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (box.height >= fingertip && (inText || box.width >= fingertip)) return [];
      const name = (element.getAttribute('aria-label') ?? target.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return [`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`];
    });
  });

/**
 * The pairs of tap targets under `scope` whose boxes overlap, where a finger may get the other one (QA:
 * /contact's e-mail took taps on the phone number above it), each named `a "x" / a "y"`. A checkbox and
 * its label are one target, and a target inside another (a tile's link over its card) is not a pair.
 * Only targets in the page's flow are compared: one laid over others on purpose (a fixed header, the chat
 * button, a slider's arrows) takes the taps on it, and the layout checks above keep those clear.
 */
const overlappingTargets = (page: Page, scope = 'body') =>
  page.locator(scope).evaluate((root) => {
    const laidOver = (target: HTMLElement) => {
      for (let at: HTMLElement | null = target; at && at !== root; at = at.parentElement) {
        if (['fixed', 'sticky', 'absolute'].includes(getComputedStyle(at).position)) return true;
      }
      return false;
    };
    const targets = [...root.querySelectorAll<HTMLElement>('a[href], button, input[type="checkbox"], select, summary, [role="button"]')]
      .map((element) => (element instanceof HTMLInputElement ? (element.labels?.[0] ?? element) : element))
      .filter((target) => !target.closest('[inert]') && !laidOver(target) && target.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
    const name = (target: HTMLElement) => `${target.tagName.toLowerCase()} "${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30)}"`;
    // What a finger can reach of a target: its box, less what a scrolling panel around it hides.
    const shown = (target: HTMLElement) => {
      const box = target.getBoundingClientRect();
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
      for (let at = target.parentElement; at; at = at.parentElement) {
        if (getComputedStyle(at).overflow === 'visible') continue;
        const clip = at.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
      }
      return { left, top, right, bottom };
    };
    const pairs: string[] = [];
    targets.forEach((a, i) => {
      const boxA = shown(a);
      for (const b of targets.slice(i + 1)) {
        if (a === b || a.contains(b) || b.contains(a)) continue;
        const boxB = shown(b);
        const width = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
        const height = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
        // A pixel of anti-aliased border shared by neighbours is no place a finger lands.
        if (width > 1 && height > 1) pairs.push(`${name(a)} / ${name(b)}`);
      }
    });
    return pairs;
  });

/**
 * How the browser laid out the text of each of `targets`: its text (spaces collapsed) and its lines, read
 * character by character (a character whose box starts lower begins a new line).
 */
const linesOf = (targets: Locator) =>
  targets.evaluateAll((elements) =>
    elements.map((element) => {
      const lines: string[] = [];
      let top = Number.NEGATIVE_INFINITY;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let at = 0; at < node.textContent!.length; at++) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const box = range.getBoundingClientRect();
          // A space the line ended at has no box of its own: it stays with the line it ends.
          if (box.width > 0 && box.top > top + 1) {
            lines.push('');
            top = box.top;
          }
          if (lines.length > 0) lines[lines.length - 1] += node.textContent![at];
        }
      }
      return { text: element.textContent!.replace(/\s+/g, ' ').trim(), lines: lines.map((line) => line.trim()) };
    }),
  );

/** Whether two elements' boxes on screen overlap (never, when either is not on the page). */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  if ((await page.locator(a).count()) === 0 || (await page.locator(b).count()) === 0) return false;
  const [boxA, boxB] = [await page.locator(a).boundingBox(), await page.locator(b).boundingBox()];
  if (!boxA || !boxB) return false;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

/** Widths from a small phone to a wide desktop, the small laptops' (1,024 to 1,280 px) closely. */
const ADMIN_WIDTHS = [320, 375, 768, 820, 899, 900, 960, 1024, 1081, 1100, 1180, 1199, 1219, 1220, 1280, 1440, 1920];

/**
 * What of a table does not fit the page's width, each said: the page, or the table's frame (its parent),
 * wider than its box by so many px; and the controls in the table (buttons, checkboxes' labels) lying past
 * the side of the frame's content box or of the screen, where they are cut off or scrolled out of view.
 */
const unfitTable = (page: Page, table: string) =>
  page.locator(table).evaluate((element) => {
    const frame = element.parentElement!;
    const found: string[] = [];
    for (const [name, box] of [['the page', document.documentElement], ['the frame', frame]] as const) {
      if (box.scrollWidth > box.clientWidth) found.push(`${name} is ${box.scrollWidth - box.clientWidth} px too wide`);
    }
    const style = getComputedStyle(frame);
    const left = Math.max(0, frame.getBoundingClientRect().left + frame.clientLeft + parseFloat(style.paddingLeft));
    const right = Math.min(window.innerWidth, left + frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    // Half a pixel for a box laid out on a fraction of one.
    const cut = [...element.querySelectorAll<HTMLElement>('button, .ca-check, .ca-hit')].filter((control) => {
      const box = control.getBoundingClientRect();
      return box.left < left - 0.5 || box.right > right + 0.5;
    });
    if (cut.length > 0) {
      const box = cut[0].getBoundingClientRect();
      const name = (cut[0].getAttribute('aria-label') ?? cut[0].querySelector('[aria-label]')?.getAttribute('aria-label') ?? cut[0].textContent ?? '').trim();
      const span = (from: number, to: number) => `${Math.round(from)} to ${Math.round(to)} px`;
      found.push(`${cut.length} controls cut off, the first "${name.slice(0, 40)}" at ${span(box.left, box.right)}, outside ${span(left, right)}`);
    }
    return found;
  });

it('fits every storefront page on a 375 × 667 phone, from the home page to a placed order', async () => {
  const page = await phonePage();
  const widths: Record<string, number> = {};

  await page.goto('/');
  await page.getByRole('region', { name: 'Últimos sets' }).waitFor();
  widths.home = await overflow(page);
  // The whole name of the shop shows next to "Iniciar sesión", not "TCG Lim" (375 px) nor "TCG Li" (320 px).
  const cutLogo: Record<number, number> = {};
  for (const width of [320, 360, 375]) {
    await page.setViewportSize({ width, height: 667 });
    cutLogo[width] = await page.locator('.site-header__logo').evaluate((logo) => logo.scrollWidth - logo.clientWidth);
  }
  expect(cutLogo).toEqual({ 320: 0, 360: 0, 375: 0 });
  await page.setViewportSize({ width: 375, height: 667 });

  for (const id of [CARD.id, 'Black Skull Dragon_MRD-EN018_Ultra Rare_Unlimited_en']) {
    await page.goto(`/product/${encodeURIComponent(id)}`);
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByText(/agregado al carrito/).waitFor();
  }
  widths.product = await overflow(page);
  expect(await tooSmall(page, '.breadcrumb a')).toEqual([]);
  // The card's name lines up with the links before it: the links' 44 px boxes centre their words, and the
  // name sat at the top of the row, half a line above them (QA).
  const middles = await page.locator('.breadcrumb li').evaluateAll((items) =>
    items.map((item) => {
      const range = document.createRange();
      range.selectNodeContents(item.querySelector('a') ?? item);
      const box = range.getBoundingClientRect();
      return box.top + box.height / 2;
    }),
  );
  expect(middles).toHaveLength(3);
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2);

  await page.goto('/cart');
  const subtotal = page.getByTestId('cart-subtotal');
  await subtotal.waitFor();
  widths.cart = await overflow(page);
  // A line's words start at one edge, 'Eliminar' (under the stepper on a phone) too: it was 12 px in.
  const starts = await page.locator('.cart-line').first().evaluate((line) =>
    ['.cart-line__name', '.cart-line__remove'].map((selector) => {
      const range = document.createRange();
      range.selectNodeContents(line.querySelector(selector)!);
      return Math.round(range.getBoundingClientRect().left);
    }),
  );
  expect(starts[1]).toBe(starts[0]);
  // Nothing floats over the total, wherever the shopper has scrolled it to.
  await subtotal.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  expect(await overlap(page, '.chat-help', '[data-testid="cart-subtotal"]')).toBe(false);

  expect((await page.request.post('/api/auth/dev/login', { data: { as: 'customer' }, headers: { 'X-Requested-With': 'tcg' } })).ok()).toBe(true);
  await page.goto('/checkout');
  await page.getByRole('heading', { level: 1, name: 'Confirmar Pedido' }).waitFor();
  const proof = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#5b2d90' } }).png().toBuffer();
  await page.getByLabel('Imagen del comprobante').setInputFiles({ name: 'comprobante-de-pago-yape.png', mimeType: 'image/png', buffer: proof });
  await page.getByText(/comprobante-de-pago-yape\.png · [\d.,]+ KB/).waitFor();
  widths.checkout = await overflow(page);
  // Each section's title inside its box, the same way: two were legends drawn on the box's border.
  const titleInsets = await page
    .locator('.checkout-section')
    .evaluateAll((sections) => sections.map((section) => Math.round(section.querySelector('.checkout-section__title')!.getBoundingClientRect().top - section.getBoundingClientRect().top)));
  expect(titleInsets).toHaveLength(3);
  expect(new Set(titleInsets).size).toBe(1);
  expect(titleInsets[0]).toBeGreaterThan(8);
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await page.waitForURL(/\/account\/history/);
  await page.locator('.order-card').first().waitFor();
  widths.history = await overflow(page);
  expect(await tooSmall(page, '.order-card__proof')).toEqual([]);
  // The phone header has no room for 'Hola, {nombre}': the account menu opens with it.
  await page.getByRole('button', { name: /Mi cuenta/ }).click();
  await page.getByText('Hola, Lucía', { exact: true }).and(page.locator(':visible')).waitFor();

  expect(widths).toEqual({ home: 0, product: 0, cart: 0, checkout: 0, history: 0 });
});

it('lines up the prices of a row of cards on a phone, a card on offer among them', async () => {
  const page = await phonePage();
  await page.goto('/categoria/yugioh/LOB');
  await page.locator('.card-price__was').first().waitFor();
  const spreads: Record<number, number[]> = {};
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 667 });
    spreads[width] = await page.locator('.card-tile').evaluateAll((tiles) => {
      const rows = new Map<number, number[]>();
      for (const tile of tiles) {
        const row = Math.round(tile.getBoundingClientRect().top);
        const price = tile.querySelector('.card-price__now')!.getBoundingClientRect().top;
        rows.set(row, [...(rows.get(row) ?? []), price]);
      }
      return [...rows.values()].map((prices) => Math.round(Math.max(...prices) - Math.min(...prices)));
    });
  }
  // Two tiles a row, each row's prices on one line (the struck-through one above, where it wraps).
  expect(spreads[375].length).toBeGreaterThan(1);
  expect(spreads).toEqual({ 320: spreads[320].map(() => 0), 375: spreads[375].map(() => 0) });
});

it("lets a tap on a card's 'Agregar' under the help bubble reach the button", async () => {
  const page = await phonePage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/categoria/yugioh/LOB');
  const bubble = page.getByTestId('help-bubble');
  await bubble.waitFor();
  // What a tap at the bubble's middle lands on: a control of the page beneath, not the bubble.
  const tapped = await bubble.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit?.closest('.chat-help') ? 'the bubble' : (hit?.closest('button, a')?.textContent?.trim() ?? hit?.className);
  });
  expect(tapped).not.toBe('the bubble');
});

it("shows the search box's whole placeholder on a tablet, an admin's header too", async () => {
  const room: Record<string, number> = {};
  for (const as of ['customer', 'admin'] as const) {
    const page = await phonePage(as);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/about');
    // The placeholder's width in the box's own font, against the room its padding leaves.
    room[as] = await page.locator('.header-search input').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      return Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - context.measureText(input.placeholder).width);
    });
  }
  expect(room.customer).toBeGreaterThanOrEqual(0);
  expect(room.admin).toBeGreaterThanOrEqual(0);
});

it("gives the card upload's name field more room than its button, on a 320 px phone too", async () => {
  const page = await phonePage('admin');
  await page.goto('/admin/upload-card');
  const search = page.locator('.ca-search');
  await search.waitFor();
  const widths: Record<number, number[]> = {};
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    widths[width] = await search.evaluate((row) => ['input', '.btn'].map((selector) => Math.round(row.querySelector(selector)!.getBoundingClientRect().width)));
  }
  expect(Object.entries(widths).filter(([, [field, button]]) => field < button)).toEqual([]);
});

it("keeps a cart line's card name readable on a tablet and a small laptop", async () => {
  const page = await phonePage();
  await openCartWith(page, CARD.id);
  const widths: Record<number, number> = {};
  for (const width of [768, 850, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    widths[width] = await page.locator('.cart-line__info').first().evaluate((info) => Math.round(info.getBoundingClientRect().width));
  }
  // Room for a name of a few words on a line (it was 0 px wide at 768).
  expect(Object.entries(widths).filter(([, width]) => width < 150)).toEqual([]);
});

it("lines up the footer's two columns, line by line, on a desktop", async () => {
  const page = await phonePage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const lines = (selector: string) => page.locator(selector).evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  const contact = await lines('.site-footer__contact > *');
  const links = await lines('.site-footer__links a');
  expect(contact).toHaveLength(3);
  expect(links).toEqual(contact);
  const [first, second] = await lines('.site-footer__title');
  expect(second).toBe(first);
});

it('fits every admin tool on a 375 × 667 phone, orders included', async () => {
  const customer = await phonePage('customer');
  // Two lines with long names and four-figure totals: the widest an order card gets.
  for (const id of ['Black Skull Dragon_MRD-EN018_Ultra Rare_Unlimited_en', 'Change of Heart_MRD-EN060_Ultra Rare_1st Edition_en']) {
    await customer.goto(`/product/${encodeURIComponent(id)}`);
    await customer.getByRole('button', { name: 'Agregar al carrito' }).click();
    await customer.getByText(/agregado al carrito/).waitFor();
  }
  await customer.goto('/checkout');
  const proof = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2a6' } }).png().toBuffer();
  await customer.getByLabel('Imagen del comprobante').setInputFiles({ name: 'pago.png', mimeType: 'image/png', buffer: proof });
  await customer.getByRole('button', { name: 'Confirmar pedido' }).click();
  await customer.waitForURL(/\/account\/history/);

  const page = await phonePage('admin');
  const widths: Record<string, number> = {};
  const tools: [string, (page: Page) => Promise<unknown>][] = [
    ['/admin', (p) => p.getByRole('heading', { name: 'Panel de administración' }).waitFor()],
    ['/admin/orders', (p) => p.getByRole('button', { name: 'Confirmar' }).first().waitFor()],
    ['/admin/stock-check', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    ['/admin/sets', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    ['/admin/manage-slider', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    ['/admin/manage-most-wanted', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
    ['/admin/upload-card', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ];
  for (const [path, ready] of tools) {
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    widths[path] = await overflow(page);
    expect(await tooSmall(page, '.page__back, .admin-order__buyer a, .admin-order__proof a')).toEqual([]);
    // A table button keeps its word on one line ("Editar", not a letter per line).
    const tallButtons = await page.$$eval('.ca-table .btn', (buttons) => buttons.filter((button) => button.getBoundingClientRect().height > 60).map((button) => button.textContent));
    // A row is a card on a phone: no cell runs past the screen's edge (or under a column pinned to it).
    const cutCells = await page.$$eval('.ca-table td', (cells) => cells.filter((cell) => cell.getBoundingClientRect().right > window.innerWidth).map((cell) => cell.textContent));
    // A row's checkbox starts where the row's other values do, as its own line of the card.
    const offCheckboxes = await page.$$eval('.ca-table tr', (rows) =>
      rows.flatMap((row) => {
        const box = row.querySelector('.ca-hit input');
        const value = row.querySelector('td.ca-text');
        if (!box || !value) return [];
        const range = document.createRange();
        range.selectNodeContents(value);
        const offset = Math.round(box.getBoundingClientRect().left - range.getBoundingClientRect().left);
        return Math.abs(offset) > 4 ? [offset] : [];
      }),
    );
    expect({ path, tallButtons, cutCells, offCheckboxes }).toEqual({ path, tallButtons: [], cutCells: [], offCheckboxes: [] });
  }
  expect(widths).toEqual(Object.fromEntries(tools.map(([path]) => [path, 0])));

  // An order's amounts are read against the proof: none may be cut, even on a 320 px phone (QA read a
  // S/ 93.45 total as "S/ 93.4" there, the table scrolling sideways without showing it).
  await page.setViewportSize({ width: 320, height: 667 });
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: 'Confirmar' }).first().waitFor();
  const hidden = await page.$$eval('.admin-order__items-frame', (frames) =>
    frames.flatMap((frame) => {
      const edge = frame.getBoundingClientRect();
      const cells = [...frame.querySelectorAll('td')].filter((cell) => {
        const box = cell.getBoundingClientRect();
        return cell.scrollWidth > cell.clientWidth || box.right > edge.right + 0.5 || box.left < edge.left - 0.5;
      });
      return [...(frame.scrollWidth > frame.clientWidth ? ['the frame scrolls'] : []), ...cells.map((cell) => cell.textContent)];
    }),
  );
  expect(hidden).toEqual([]);
  expect(await page.getByRole('table').first().getByRole('columnheader', { name: 'Subtotal' }).count()).toBe(1);
});

// Phone QA: an admin table's loading state was a six-column table, where the rows it stands for are cards.
it("lays an admin table's loading state out as the rows it stands for: cards on a phone, Most Wanted's a table's on a tablet", async () => {
  for (const [path, api, label, width, display] of [
    ['/admin/sets', '/api/admin/sets', 'Cargando sets', 375, 'block'],
    ['/admin/manage-most-wanted', '/api/admin/most-wanted/cards', 'Cargando cartas', 768, 'table-row'],
  ] as const) {
    const page = await phonePage('admin');
    await page.setViewportSize({ width, height: 667 });
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (url) => url.pathname === api,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(path);
    const skeleton = page.getByRole('status', { name: label });
    await skeleton.waitFor();
    const rows = await skeleton.locator('tr').evaluateAll((found) => found.map((row) => getComputedStyle(row).display));
    expect(rows.length).toBeGreaterThan(0);
    expect({ path, rows: [...new Set(rows)] }).toEqual({ path, rows: [display] });
    expect(await overflow(page)).toBe(0);
    answer();
    await skeleton.waitFor({ state: 'detached' });
  }
});

it('gives every tap target room for a fingertip on 320 and 375 px phones, the storefront and admin tools alike', async () => {
  const customer = await phonePage();
  const admin = await phonePage('admin');
  const small: Record<string, string[]> = {};
  const measure = async (page: Page, name: string, scope?: string) => {
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 667 });
      // Measured at rest: a sheet sliding up is measured through its transform, a fraction of a pixel short.
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      // Grown targets must not push the page past the screen's side either.
      const wider = await overflow(page);
      small[`${name} at ${width} px`] = [
        ...(await smallTargets(page, scope)),
        ...(await overlappingTargets(page, scope)).map((pair) => `overlapping: ${pair}`),
        ...(wider > 0 ? [`the page is ${wider} px too wide`] : []),
      ];
    }
  };
  const addToCart = async (page: Page) => {
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();
    await page.getByText(/agregado al carrito/).waitFor({ state: 'detached' });
  };
  const visits: [Page, string, (page: Page) => Promise<unknown>][] = [
    [customer, '/', (p) => p.getByRole('region', { name: 'Últimos sets' }).waitFor()],
    [customer, '/categoria/yugioh/LON', (p) => p.locator('.card-tile').first().waitFor()],
    // The card goes into the cart for the cart's visit; its notice, which would leave mid-count, is closed.
    [customer, `/product/${encodeURIComponent(CARD.id)}`, addToCart],
    [customer, '/cart', (p) => p.getByTestId('cart-subtotal').waitFor()],
    [customer, '/contact', (p) => p.getByRole('heading', { level: 1, name: 'Contacto' }).waitFor()],
    [admin, '/admin/stock-check', (p) => p.getByRole('button', { name: 'Agregar Stock' }).first().waitFor()],
    [admin, '/admin/manage-slider', (p) => p.getByRole('heading', { level: 1 }).waitFor()],
  ];
  for (const [page, path, ready] of visits) {
    await page.setViewportSize({ width: 320, height: 667 });
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    await measure(page, path);
    if (path === '/') {
      // The slider's dots are a row under the slide: however many slides wrap them into rows, they cover
      // neither its caption nor its arrows (QA: with 14 slides, two rows hid the caption on a phone).
      for (const width of [320, 768, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        // Both boxes from one layout: the slide's picture changes source at 768 px and the stage's height with it.
        const below = await page.evaluate(() => {
          const [stage, dots] = ['.slider__stage', '.slider__dots'].map((selector) => document.querySelector(selector)!.getBoundingClientRect());
          return dots.top >= stage.bottom - 0.5;
        });
        expect({ width, below }).toEqual({ width, below: true });
      }
    }
  }
  // The checkboxes of an admin form (a slide's 'Visible').
  await admin.getByRole('button', { name: 'Agregar slide' }).click();
  await admin.getByRole('dialog', { name: 'Agregar slide' }).getByRole('checkbox', { name: 'Visible' }).waitFor();
  await measure(admin, 'the new slide form', '[role="dialog"]');
  // The search's language and rarity filters are in a sheet on a phone.
  await customer.goto('/search?q=dragon');
  await customer.getByRole('button', { name: /^Filtros/ }).click();
  const sheet = customer.getByRole('dialog', { name: 'Filtros' });
  await sheet.getByRole('checkbox').first().waitFor();
  await measure(customer, 'the search filters', '.filter-sheet__panel');
  // Its two buttons one line each at 320 px ('Limpiar todo' wrapped onto two, 50 px tall).
  await customer.setViewportSize({ width: 320, height: 667 });
  expect(await sheet.locator('.filter-sheet__footer .btn').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height))).toEqual([44, 44]);

  expect(small).toEqual(Object.fromEntries(Object.keys(small).map((key) => [key, []])));
});

it('keeps a long set name inside the sets menu and the sets table, on a desktop and a phone', async () => {
  const admin = await session.page('desktop', 'admin');
  const name = `Coleccion${'Legendaria'.repeat(19)}`;
  const created = await admin.request.post('/api/admin/sets', {
    data: { id: 'LONGNAME', name, releaseDate: '2030-01-01', preorderAvailable: false, products: { booster: true, display: false, cartaSuelta: true } },
    headers: { 'X-Requested-With': 'tcg' },
  });
  expect(created.status()).toBe(201);

  await admin.goto('/admin/sets');
  const row = admin.getByRole('row', { name: /LONGNAME/ });
  const edit = await row.getByRole('button', { name: /Editar/ }).boundingBox();
  expect(edit && edit.x + edit.width).toBeLessThanOrEqual(admin.viewportSize()!.width);

  await admin.goto('/');
  // On the home's latest sets the name is cut to three lines, so its row of tiles keeps its height.
  const tileName = admin.getByRole('region', { name: 'Últimos sets' }).locator('.tile__name', { hasText: name });
  const lines = await tileName.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
  expect(Math.round(lines)).toBeLessThanOrEqual(3);
  await admin.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: /Yu-Gi-Oh!/ }).click();
  const panel = admin.locator('.main-nav__panel').first();
  await panel.getByRole('link', { name }).waitFor();
  expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);

  const phone = await phonePage();
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Abrir menú' }).click();
  await phone.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name }).waitFor();
  expect(await overflow(phone)).toBe(0);
  expect(await phone.locator('.mobile-menu__panel').evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
});

it.each([
  ['the home page while its code', '/', '**/assets/home-*.js', '.carousel'],
  ['a set page while its code', '/categoria/yugioh/LON', '**/assets/set-catalog-*.js', '.card-tile'],
  ['a product page while its card', `/product/${encodeURIComponent(CARD.id)}`, '**/api/cards/**', '.product__name'],
])('keeps %s arrives late (the footer waits below the screen)', async (_name, path, late, ready) => {
  // A tall phone: the screen has room below a short placeholder, where the footer would show.
  const page = await session.page('phone');
  // A slow phone network: the page's own code, or its data, comes 800 ms after the frame.
  await page.route(late, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.05);
});

it.each([
  ['the home page', '/', '**/assets/home-*.js', '/api/home'],
  ['a set page', '/categoria/yugioh/LON', '**/assets/set-catalog-*.js', '/api/sets/LON/cards'],
  // The filters' options (the catalogue's values, an empty search) are asked for apart.
  ['a search', '/search?q=dragon', '**/assets/search-*.js', '/api/search?q=dragon'],
  ['a product page', `/product/${encodeURIComponent(CARD.id)}`, '**/assets/product-*.js', `/api/cards/${encodeURIComponent(CARD.id)}`],
])('asks for %s data while its code is still on its way, and only once', async (_name, path, chunk, data) => {
  const page = await phonePage();
  let codeArrived = Number.POSITIVE_INFINITY;
  let arrived: () => void = () => undefined;
  const codeIn = new Promise<void>((resolve) => (arrived = resolve));
  const asked: number[] = [];
  await page.route(chunk, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    codeArrived = Date.now();
    await route.continue();
    arrived();
  });
  page.on('request', (request) => {
    if (request.url().includes(data)) asked.push(Date.now());
  });
  await page.goto(path);
  // Waited for, not for the network to fall quiet: on a busy machine the page's own code can run for longer
  // than 'networkidle' waits, which then came before the first request. A second ask comes as soon as the
  // page's code runs; a second later it would have come.
  await codeIn;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(asked).toHaveLength(1);
  expect(asked[0]).toBeLessThan(codeArrived);
});

/** Adds `quantity` units of a card through the admin's API, as the stock audit's dialog does. */
async function addStockAsAdmin(cardId: string, quantity: number): Promise<void> {
  const admin = await session.page('desktop', 'admin');
  const added = await admin.request.post(`/api/admin/cards/${encodeURIComponent(cardId)}/stock`, {
    data: { quantity, unitCost: 100 },
    headers: { 'X-Requested-With': 'tcg', 'Idempotency-Key': randomUUID() },
  });
  expect(added.status()).toBe(201);
}

it('offers a stepper instead of a list for a card with more than 100 in stock, and it fits a phone', async () => {
  const id = 'Imperial Order_PSV-EN104_Ultra Rare_Unlimited_en';
  await addStockAsAdmin(id, 150);

  const phone = await phonePage();
  await phone.goto(`/product/${encodeURIComponent(id)}`);
  const quantity = phone.getByRole('spinbutton', { name: 'Cantidad' });
  await quantity.waitFor();
  expect(await phone.getByRole('combobox', { name: 'Cantidad' }).count()).toBe(0);
  expect(await tooSmall(phone, '.product__buy .quantity-input button')).toEqual([]);
  await quantity.fill('120');
  await quantity.press('Enter');
  await phone.getByRole('button', { name: 'Agregar al carrito' }).click();
  await phone.getByText(/agregado al carrito/).waitFor();
  expect(await overflow(phone)).toBe(0);
  expect(await phone.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]'))).toEqual([expect.objectContaining({ id, quantity: 120 })]);
});

it('never lets the sticky header cover the control that takes the focus, and lets it scroll away on a short screen', async () => {
  const page = await session.page('desktop');
  await page.goto('/search?q=');
  await page.locator('.card-tile').first().waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Focus moving back up the page (Shift+Tab, a refused field): the browser scrolls the control into view.
  const first = page.getByRole('button', { name: /^Agregar .* al carrito$/ }).first();
  await first.focus();
  const header = (await page.locator('.site-header').boundingBox())!;
  expect((await first.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

  await page.setViewportSize({ width: 844, height: 390 });
  expect(await page.locator('.site-header').evaluate((element) => getComputedStyle(element).position)).toBe('static');
});

it.each([
  ['a tablet', 768, 1024],
  ['a phone held sideways', 844, 390],
])('fits the stock audit on %s, its buttons in reach of a fingertip', async (_name, width, height) => {
  const page = await phonePage('admin');
  await page.setViewportSize({ width, height });
  await page.goto('/admin/stock-check');
  await page.getByRole('button', { name: 'Agregar Stock' }).first().waitFor();
  expect(await overflow(page)).toBe(0);
  expect(await tooSmall(page, '.stock-table__actions .btn, .ca-table .ca-check, .ca-hit')).toEqual([]);
  const button = page.getByRole('button', { name: 'Agregar Stock' }).first();
  await button.tap();
  await page.getByRole('dialog', { name: 'Agregar Stock' }).waitFor();
});

/**
 * What the toasts on screen lie over of what must stay in sight and in reach: the header's controls, the
 * page's heading and the chat button, each named `toast / a "Carrito, 0 productos"` (`close` for a toast's
 * close button, which takes the taps where it lies).
 */
const coveredByToasts = (page: Page) =>
  page.evaluate(async () => {
    const toasts = [...document.querySelectorAll('.toast')];
    await Promise.all(toasts.flatMap((toast) => toast.getAnimations().map((animation) => animation.finished)));
    const kept = [...document.querySelectorAll<HTMLElement>('.site-header :is(a[href], button, input), main h1, .chat-help__button')].filter((element) => element.checkVisibility());
    const name = (element: HTMLElement) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()}"`;
    return [...document.querySelectorAll('.toast, .toast__close')].flatMap((toast) => {
      const a = toast.getBoundingClientRect();
      return kept
        .filter((element) => {
          const b = element.getBoundingClientRect();
          return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        })
        .map((element) => `${toast.classList.contains('toast') ? 'toast' : 'close'} / ${name(element)}`);
    });
  });

/** Two small phones, a common one, a tablet and a desktop. */
const TOAST_SCREENS = [[320, 667], [375, 667], [390, 844], [768, 1024], [1280, 900]];

it("keeps toasts off the header's controls, the page's heading and the chat button on phones, a tablet and a desktop, three at once too", async () => {
  const covered: Record<string, string[]> = {};
  for (const [width, height] of TOAST_SCREENS) {
    const page = width < 768 ? await phonePage() : await session.page('desktop');
    await page.setViewportSize({ width, height });
    // Pages that open with a toast: the sign-in page a signed-out shopper is sent to (QA: its heading was
    // under 'Debes iniciar sesión para ver tus pedidos' for 4 s on a phone), and a missing card's.
    for (const [path, heading] of [
      ['/account/history', 'Inicia sesión para continuar'],
      ['/product/no-such-card', 'Carta no encontrada.'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator('.toast').first().waitFor();
      covered[`${path} at ${width} px`] = await coveredByToasts(page);
    }
    // Three cards added in a row, three toasts (QA: on a phone the second and third lay on the heading).
    await page.goto('/search?q=dragon');
    const adds = page.getByRole('button', { name: /^Agregar .* al carrito$/ });
    await adds.first().waitFor();
    const names = [...new Set(await adds.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!)))];
    for (const name of names.slice(0, 3)) await page.getByRole('button', { name, exact: true }).first().dispatchEvent('click');
    await page.locator('.toast').nth(2).waitFor();
    covered[`three toasts on /search at ${width} px`] = await coveredByToasts(page);
  }
  expect(Object.entries(covered).filter(([, over]) => over.length > 0)).toEqual([]);
});

it("opens the account menu at a tap on 'Mi cuenta' while a toast shows on a phone", async () => {
  const covered: Record<number, string[]> = {};
  const opened: Record<number, boolean> = {};
  for (const [width, height] of TOAST_SCREENS.filter(([width]) => width < 768)) {
    const page = await phonePage('customer');
    await page.setViewportSize({ width, height });
    await page.goto('/product/no-such-card');
    await page.locator('.toast').first().waitFor();
    covered[width] = await coveredByToasts(page);
    // A fingertip on the button's middle, whatever lies over it (QA: the toast's close button did, and took the tap).
    const box = (await page.getByRole('button', { name: 'Mi cuenta' }).boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    opened[width] = await page
      .getByRole('button', { name: 'Mi cuenta', expanded: true })
      .waitFor({ timeout: 2000 })
      .then(() => true, () => false);
  }
  expect({ covered, opened }).toEqual({ covered: { 320: [], 375: [], 390: [] }, opened: { 320: true, 375: true, 390: true } });
});

/** Answers every write to `path` with a 500, as a failing server would; reads go through. */
const refuseWrites = (page: Page, path: string) =>
  page.route(path, (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, body: '{}' })));

/** Waits for `toast` to show and end its entrance, so its box is where it stays. */
async function settledToast(toast: Locator): Promise<void> {
  await toast.waitFor();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

it("keeps a toast off an admin dialog's 'Cancelar' and 'Guardar' on a phone, the 'Guardar' of a refused save too", async () => {
  const page = await phonePage('admin');
  await page.goto('/admin/manage-slider');
  await refuseWrites(page, '**/api/admin/slides**');
  await page.getByRole('button', { name: 'Agregar slide' }).click();
  // The slide dialog is taller than the phone: 'Guardar', scrolled to, ends the screen.
  const dialog = page.getByRole('dialog', { name: 'Agregar slide' });
  await dialog.getByLabel('URL de la imagen de escritorio').fill('/api/images/placeholder/slide/Promo.svg');
  await dialog.getByLabel('Texto alternativo').fill('Promo');
  await dialog.getByRole('button', { name: 'Guardar' }).tap();
  const toast = page.locator('.toast', { hasText: 'Error al guardar el slide' });
  await settledToast(toast);
  expect(await overlap(page, '.toast', '.admin-dialog__actions')).toBe(false);
});

it("keeps the stock audit's set names readable: whole words, on three lines at most", async () => {
  const page = await session.page('desktop', 'admin');
  await page.goto('/admin/stock-check');
  await page.getByRole('button', { name: 'Agregar Stock' }).first().waitFor();
  const unreadable: Record<number, string[]> = {};
  for (const width of [320, 375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const names = await linesOf(page.locator('.stock-table td[data-label="Set"]'));
    expect(names.length).toBeGreaterThan(0);
    // A word cut between two lines joins back with a space inside it ('Legendar y').
    unreadable[width] = names.filter(({ text, lines }) => lines.length > 3 || lines.join(' ') !== text).map(({ lines }) => lines.join(' | '));
  }
  // QA: squeezed to its longest word on a desktop, 'Legend of | Blue Eyes | White | Dragon'.
  expect(unreadable).toEqual({ 320: [], 375: [], 768: [], 1280: [] });
  expect(await overflow(page)).toBe(0);
});

it("fits the stock audit's table in the page at every width, its movements open or closed", async () => {
  const page = await session.page('desktop', 'admin');
  await page.goto('/admin/stock-check');
  await page.getByRole('button', { name: 'Agregar Stock' }).first().waitFor();
  // The demo audit's longest set name, which the desktop table keeps on a few lines of whole words.
  expect(await page.locator('.stock-table td[data-label="Set"]', { hasText: 'Legend of Blue Eyes White Dragon' }).count()).toBeGreaterThan(0);
  const unfit: Record<string, string[]> = {};
  for (const movements of ['closed', 'open']) {
    if (movements === 'open') {
      await page.getByRole('button', { name: 'Movimientos', exact: true }).first().click();
      await page.getByRole('list', { name: 'Movimientos' }).waitFor();
    }
    for (const width of ADMIN_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      unfit[`${width} px, movements ${movements}`] = await unfitTable(page, '.stock-table');
    }
  }
  // QA: from 1,081 px, where the table replaced the cards, to about 1,199 px it was up to 86 px wider than the page.
  expect(unfit).toEqual(Object.fromEntries(Object.keys(unfit).map((key) => [key, []])));
});

it("keeps each stock audit card's values near their labels at every width it shows cards", async () => {
  const page = await session.page('desktop', 'admin');
  await page.goto('/admin/stock-check');
  await page.getByRole('button', { name: 'Agregar Stock' }).first().waitFor();
  const farthest: Record<number, number> = {};
  for (const width of ADMIN_WIDTHS.filter((width) => width < 1220)) {
    await page.setViewportSize({ width, height: 900 });
    // From where a line's label starts, on the card's left, to where its value does.
    const distances = await page.locator('.stock-table__row > td[data-label]').evaluateAll((cells) =>
      cells.map((cell) => {
        const value = document.createRange();
        value.selectNodeContents(cell);
        return value.getBoundingClientRect().left - cell.getBoundingClientRect().left - parseFloat(getComputedStyle(cell).paddingLeft);
      }),
    );
    farthest[width] = Math.round(Math.max(...distances));
  }
  // QA: alone in its row from 1,081 to 1,219 px, a card spanned the page, 'Registrado' some 1,000 px from its '2'.
  expect(Object.fromEntries(Object.entries(farthest).filter(([, distance]) => distance >= 400))).toEqual({});
});

it("frames an open stock audit card and its movements alike, two and three abreast and on a phone", async () => {
  const page = await session.page('desktop', 'admin');
  await page.goto('/admin/stock-check');
  await page.getByRole('button', { name: 'Agregar Stock' }).first().waitFor();
  await page.getByRole('button', { name: 'Movimientos', exact: true }).nth(1).click();
  await page.getByRole('list', { name: 'Movimientos' }).waitFor();
  const frames: Record<number, { open: string; movements: string; others: string[] }> = {};
  for (const width of [375, 768, 1100]) {
    await page.setViewportSize({ width, height: 900 });
    frames[width] = await page.evaluate(() => {
      const frame = (element: Element) => getComputedStyle(element).borderTopColor + ' ' + getComputedStyle(element).borderTopWidth;
      const rows = [...document.querySelectorAll('.stock-table__row')];
      const open = rows.find((row) => row.querySelector('[aria-expanded="true"]'))!;
      return {
        open: frame(open),
        movements: frame(document.querySelector('.stock-table__movements td')!),
        others: [...new Set(rows.filter((row) => row !== open).map(frame))],
      };
    });
  }
  // QA: two and three abreast the movements spanned the row from its left edge, under the first card, tied to the second only by its 'Ocultar movimientos'.
  for (const { open, movements, others } of Object.values(frames)) {
    expect(movements).toBe(open);
    expect(others).not.toContain(open);
  }
});

it("breaks a slide's link in the slider list only between the parts of its address", async () => {
  const page = await session.page('desktop', 'admin');
  const link = '/categoria/yugioh/LOB-EN001/legend-of-blue-eyes-white-dragon';
  const created = await page.request.post('/api/admin/slides', {
    data: { title: 'Enlace largo', desktopUrl: '/api/images/placeholder/slide/Enlace.svg', mobileUrl: null, link, alt: 'Enlace largo', order: 9, visible: false },
    headers: { 'X-Requested-With': 'tcg' },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/admin/manage-slider');
  const cell = page.locator('.ca-table tr', { hasText: 'Enlace largo' }).locator('td[data-label="Enlace"]');
  await cell.waitFor();
  const breaks: Record<number, string[]> = {};
  for (const width of [320, 375, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const [{ text, lines }] = await linesOf(cell);
    expect(lines.join('')).toBe(text);
    // Each line after the first starts a part ('/yugioh') or follows a '-' ('LOB-' then 'EN001'): QA saw '/categoria/yugi' | 'oh/LOB'.
    breaks[width] = lines.slice(1).flatMap((line, index) => (line.startsWith('/') || lines[index].endsWith('-') ? [] : [`${lines[index]} | ${line}`]));
  }
  expect(breaks).toEqual({ 320: [], 375: [], 768: [], 1024: [], 1280: [] });
});

it("shows every action of the admin tables' rows without scrolling them sideways, from a phone to a wide desktop", async () => {
  const page = await session.page('desktop', 'admin');
  // Hidden slides (the home never shows them) with a long title and links: wide rows of the slider list. A
  // search's or a campaign's link has long parts with no '/' or '-' (QA: 100 and 137 px past the frame at 900 px).
  for (const link of [
    '/categoria/yugioh/LOB-EN001/legend-of-blue-eyes-white-dragon',
    '/search?q=blue+eyes+white+dragon+ultra+rare',
    'https://www.example.com/promociones/cartas-sueltas-yugioh-2026?utm_source=tienda&utm_campaign=aniversario',
  ]) {
    const created = await page.request.post('/api/admin/slides', {
      data: {
        title: 'Legend of Blue Eyes White Dragon: 25 aniversario',
        desktopUrl: '/api/images/placeholder/slide/Aniversario.svg',
        mobileUrl: null,
        link,
        alt: 'Aniversario',
        order: 10,
        visible: false,
      },
      headers: { 'X-Requested-With': 'tcg' },
    });
    expect(created.ok()).toBe(true);
  }
  const unfit: Record<string, string[]> = {};
  const layouts: Record<string, string> = {};
  const expected: Record<string, string> = {};
  // Where each table fits its frame: the slider's and the sets' (about 755 px) from 900 px, Most Wanted's
  // (about 620 px) from a tablet held upright.
  for (const [path, tableFrom] of [
    ['/admin/manage-slider', 900],
    ['/admin/sets', 900],
    ['/admin/manage-most-wanted', 768],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    // The rows, not the loading state's (a table of its own, in a frame that is a status).
    await page.locator('.ca-table-wrap:not([role="status"]) tbody tr').first().waitFor();
    for (const width of ADMIN_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      unfit[`${path} at ${width} px`] = await unfitTable(page, '.ca-table');
      layouts[`${path} at ${width} px`] = await page.locator('.ca-table thead').evaluate((head) => (getComputedStyle(head).display === 'none' ? 'cards' : 'table'));
      expected[`${path} at ${width} px`] = width < tableFrom ? 'cards' : 'table';
    }
  }
  // QA: at 768 px the slider list was 36 px wider than its frame, which scrolled its 'Eliminar' buttons out of view.
  expect(unfit).toEqual(Object.fromEntries(Object.keys(unfit).map((key) => [key, []])));
  // QA: Most Wanted's table, which fits there, was cards at 768 px too, a page 5,300 px long.
  expect(layouts).toEqual(expected);
});

it("keeps Most Wanted's prices on one line where its rows are a table's", async () => {
  const page = await session.page('desktop', 'admin');
  await page.goto('/admin/manage-most-wanted');
  const prices = page.locator('.ca-table td[data-label="Precio"]');
  await prices.first().waitFor();
  const wrapped: Record<number, string[]> = {};
  for (const width of [768, 820, 899, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    wrapped[width] = (await linesOf(prices)).filter(({ lines }) => lines.length > 1).map(({ lines }) => lines.join(' | '));
  }
  // At 768 px the column was left the room of its longest word: 'S/ | 35.00'.
  expect(wrapped).toEqual({ 768: [], 820: [], 899: [], 1280: [] });
});

it("keeps Most Wanted's 'Guardar' in view down its whole list on a phone, and a focused checkbox clear of it", async () => {
  const page = await phonePage('admin');
  await page.goto('/admin/manage-most-wanted');
  const rows = page.locator('.ca-table-wrap:not([role="status"]) tbody tr');
  await rows.first().waitFor();
  const save = page.getByRole('button', { name: 'Guardar' });
  const height = page.viewportSize()!.height;
  const outOfView: string[] = [];
  const count = await rows.count();
  for (const index of [0, Math.floor(count / 2), count - 1]) {
    await rows.nth(index).scrollIntoViewIfNeeded();
    const box = (await save.boundingBox())!;
    if (box.y < 0 || box.y + box.height > height) outOfView.push(`row ${index + 1} of ${count}: 'Guardar' at ${Math.round(box.y)} px`);
  }
  // QA: its only 'Guardar' was at the top, 4,900 px above the last card on this phone.
  expect(outOfView).toEqual([]);

  // Tab from the search down the rows: the browser scrolls each checkbox into view, above the bar holding 'Guardar'.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('searchbox', { name: 'Buscar cartas', exact: true }).focus();
  const covered: string[] = [];
  for (let tab = 0; tab < count; tab++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      const [header, bar] = ['.site-header', '.ca-savebar'].map((selector) => document.querySelector(selector)!.getBoundingClientRect());
      return { name: document.activeElement!.getAttribute('aria-label'), clear: box.top >= header.bottom && box.bottom <= bar.top };
    });
    if (!focused.clear) covered.push(String(focused.name));
  }
  expect(covered).toEqual([]);
});

it("keeps a toast off Most Wanted's save bar on a phone, the 'Guardar' of a refused save too", async () => {
  const page = await phonePage('admin');
  await page.goto('/admin/manage-most-wanted');
  await refuseWrites(page, '**/api/admin/most-wanted');
  const rows = page.locator('.ca-table-wrap:not([role="status"]) tbody tr');
  await rows.first().waitFor();
  // Down the list, where the bar is held at the foot of the screen.
  await rows.nth(Math.floor((await rows.count()) / 2)).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Guardar' }).tap();
  const toast = page.locator('.toast--error');
  await settledToast(toast);
  // QA: the toast lay on the bar, its close button inside the 'Guardar' a retry would tap.
  expect(await overlap(page, '.toast', '.ca-savebar')).toBe(false);
});

it("spaces every admin dashboard card's title and text alike", async () => {
  const page = await session.page('desktop', 'admin');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Herramientas de administración' }).waitFor();
  const gaps: Record<number, number[]> = {};
  for (const width of [320, 375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    gaps[width] = await page.locator('.admin-tool').evaluateAll((cards) =>
      cards.map((card) => {
        // The words' boxes, not the elements': a grid item is stretched over the room its row was given.
        const [title, text] = ['.admin-tool__title', '.admin-tool__description'].map((selector) => {
          const range = document.createRange();
          range.selectNodeContents(card.querySelector(selector)!);
          return range.getBoundingClientRect();
        });
        return Math.round(text.top - title.bottom);
      }),
    );
  }
  // QA: beside a taller card, a card's title and text were pulled apart by the height it was stretched to.
  const spreads = Object.fromEntries(Object.entries(gaps).map(([width, list]) => [width, Math.max(...list) - Math.min(...list)]));
  expect(spreads).toEqual({ 320: 0, 375: 0, 768: 0, 1280: 0 });
});

it("keeps a card's quantity and 'Agregar al carrito' on one row on a tablet, a list's or a stepper's", async () => {
  const stepped = 'Black Skull Dragon_MRD-EN018_Ultra Rare_Unlimited_en';
  await addStockAsAdmin(stepped, 120);
  const page = await session.page('desktop');
  const rows: Record<string, boolean> = {};
  for (const id of [CARD.id, stepped]) {
    await page.goto(`/product/${encodeURIComponent(id)}`);
    const add = page.getByRole('button', { name: 'Agregar al carrito' });
    await add.waitFor();
    const quantity = page.locator('.product__buy').locator('select, .quantity-input');
    for (const width of [768, 820, 1024, 1280]) {
      await page.setViewportSize({ width, height: 1024 });
      const [control, button] = [(await quantity.boundingBox())!, (await add.boundingBox())!];
      rows[`${await quantity.evaluate((element) => element.tagName.toLowerCase())} at ${width} px`] = Math.abs(control.y + control.height / 2 - (button.y + button.height / 2)) < 1;
    }
  }
  expect(Object.entries(rows).filter(([, oneRow]) => !oneRow)).toEqual([]);
  expect(Object.keys(rows)).toHaveLength(8);
});

it('gives the two demo sign-in buttons one width', async () => {
  const page = await session.page('desktop');
  await page.goto('/login');
  const buttons = page.getByRole('button', { name: /^Entrar como (cliente|admin) demo$/ });
  await buttons.first().waitFor();
  const widths: Record<number, number[]> = {};
  for (const width of [320, 375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    widths[width] = await buttons.evaluateAll((found) => found.map((button) => Math.round(button.getBoundingClientRect().width)));
  }
  // QA: 'Entrar como cliente demo' was 6 px wider than 'Entrar como admin demo'.
  expect(Object.values(widths).map((pair) => [pair.length, new Set(pair).size])).toEqual([[2, 1], [2, 1], [2, 1], [2, 1]]);
});
