import type { Page } from 'playwright-core';

/** Puts one unit of the card in the page's cart from its product page, then opens the cart. */
export async function openCartWith(page: Page, cardId: string): Promise<void> {
  await page.goto(`/product/${encodeURIComponent(cardId)}`);
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await page.goto('/cart');
  await page.getByTestId('cart-subtotal').waitFor();
}
