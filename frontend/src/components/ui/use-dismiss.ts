import { type MouseEvent, type PointerEvent, useCallback, useEffect, useRef } from 'react';
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

  // A click on the backdrop counts only when the press began there too: a drag that selected a field's text
  // and ended outside the dialog closed it (QA), since its click lands on the backdrop.
  const pressedOnBackdrop = useRef(false);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      pressedOnBackdrop.current = event.target === event.currentTarget;
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (pressedOnBackdrop.current && event.target === event.currentTarget) dismiss();
      pressedOnBackdrop.current = false;
    },
  };
}
