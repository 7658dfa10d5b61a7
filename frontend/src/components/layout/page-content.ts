/** The id of the page's `main`: the skip link's target, and where a new page puts the focus. */
export const MAIN_ID = 'main';

/** Moves the focus to the page's content (its `main`), where a page load or the skip link would put it. */
export function focusPageContent(): void {
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}
