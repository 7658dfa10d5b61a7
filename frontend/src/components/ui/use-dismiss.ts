import { type MouseEvent, useCallback, useEffect, useRef } from 'react';
import { useConfirmLeave } from './use-confirm-leave';

export const DISCARD_CHANGES = '¿Cerrar y descartar lo que escribiste?';

/**
 * How a dialog is dismissed by accident: Escape or a click on its backdrop, and leaving the page with it
 * open (the back button, a link, closing the tab). With unsaved input (`dirty`) each asks first, so a
 * stray click does not lose a form; 'Cancelar' (the caller's `onClose`) never asks. Returns the
 * backdrop's handlers.
 */
export function useDismiss(onClose: () => void, dirty: boolean) {
  useConfirmLeave(dirty, DISCARD_CHANGES);
  const dismiss = useCallback(() => {
    if (!dirty || window.confirm(DISCARD_CHANGES)) onClose();
  }, [dirty, onClose]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dismiss]);

  // A click on the backdrop counts only when the press began and ended there: a drag between a field and
  // the backdrop, either way, closed the dialog (QA), since its click lands on their common ancestor. A
  // press on the backdrop keeps the focus where it is, in the dialog, whatever the answer to the question.
  const onBackdrop = useRef({ pressed: false, released: false });
  return {
    onMouseDown: (event: MouseEvent<HTMLElement>) => {
      onBackdrop.current = { pressed: event.target === event.currentTarget, released: false };
      if (onBackdrop.current.pressed) event.preventDefault();
    },
    onMouseUp: (event: MouseEvent<HTMLElement>) => {
      onBackdrop.current.released = event.target === event.currentTarget;
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      const { pressed, released } = onBackdrop.current;
      onBackdrop.current = { pressed: false, released: false };
      if (pressed && released && event.target === event.currentTarget) dismiss();
    },
  };
}
