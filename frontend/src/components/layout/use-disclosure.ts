import { type FocusEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A header menu behind a toggle button (the Yu-Gi-Oh! dropdown, "Mi cuenta"). It opens on click, for
 * touch and keyboard users, and closes on navigation, on a click outside and when focus Tabs out of it,
 * since an open panel would cover the control that now has focus. Escape closes it and hands focus back
 * to the toggle, so a keyboard user is not dropped to the start of the page.
 *
 * Spread `containerProps` on the element that holds both the toggle and the panel, `toggleProps` on the
 * button, and give the panel `id={panelId}`.
 */
export function useDisclosure<Container extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<Container>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleButton.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  /**
   * Only focus that lands outside closes the menu. Focus going nowhere (`relatedTarget` null: a click on
   * the panel's plain text, a switch to another window) keeps it open; outside clicks close it above.
   */
  const onBlur = useCallback((event: FocusEvent<Container>) => {
    const next = event.relatedTarget;
    if (next && !event.currentTarget.contains(next)) setOpen(false);
  }, []);

  const toggle = useCallback(() => setOpen((value) => !value), []);

  return {
    open,
    panelId,
    containerProps: { ref: container, onBlur },
    toggleProps: { ref: toggleButton, 'aria-expanded': open, 'aria-controls': panelId, onClick: toggle },
  };
}
