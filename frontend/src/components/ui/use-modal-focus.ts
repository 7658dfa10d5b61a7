import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/** What Tab can reach inside a dialog. */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => !element.closest('[hidden], [inert]'));
}

/** Where focus goes when the dialog opens: `initial`, else the container when it takes focus itself, else its first field or button. */
function firstFocus(root: HTMLElement, initial?: RefObject<HTMLElement | null>): HTMLElement {
  return initial?.current ?? (root.hasAttribute('tabindex') ? root : (tabbables(root)[0] ?? root));
}

/**
 * The focus of a modal dialog (WAI-ARIA APG): while `active`, focus moves into `container` (see
 * `firstFocus`; the value of an `initial` field selected), Tab and Shift+Tab go round inside it instead of reaching the page behind, and
 * when it closes focus goes back to what had it before (the button that opened it), if that is still there.
 * When it is not (a re-render under the dialog replaced or removed it), focus goes where `returnTo` says,
 * asked at that moment, so it does not fall to <body>.
 */
export function useModalFocus(
  container: RefObject<HTMLElement | null>,
  active = true,
  initial?: RefObject<HTMLElement | null>,
  returnTo?: () => HTMLElement | null,
): void {
  // The latest `returnTo`, read when the dialog closes without making the dialog start over.
  const fallback = useRef(returnTo);
  useLayoutEffect(() => {
    fallback.current = returnTo;
  });

  useEffect(() => {
    if (!active) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (container.current) {
      const first = firstFocus(container.current, initial);
      first.focus();
      // The starting value of the field a dialog names (a quantity of 1) is replaced by what is typed, not
      // added to. A form's first field otherwise keeps its value whole (a set's name: a stray key and Enter
      // must not rename it, QA).
      if (first === initial?.current && first instanceof HTMLInputElement) first.select();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      const root = container.current;
      if (event.key !== 'Tab' || !root) return;
      const inside = tabbables(root);
      if (inside.length === 0) {
        event.preventDefault();
        return;
      }
      const [first, last] = [inside[0], inside[inside.length - 1]];
      const at = document.activeElement;
      const outside = !(at instanceof Node) || !root.contains(at);
      if (event.shiftKey && (outside || at === first || at === root)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || at === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      (opener?.isConnected ? opener : fallback.current?.())?.focus();
    };
  }, [active, container, initial]);
}
