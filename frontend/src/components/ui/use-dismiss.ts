import { type MouseEvent, useCallback, useEffect } from 'react';
import { useConfirmLeave } from './use-confirm-leave';

export const DISCARD_CHANGES = '¿Cerrar y descartar lo que escribiste?';

/**
 * How a dialog is dismissed by accident: Escape or a click on its backdrop, and leaving the page with it
 * open (the back button, a link, closing the tab). With unsaved input (`dirty`) each asks first, so a
 * stray click does not lose a form; 'Cancelar' (the caller's `onClose`) never asks.
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

  return (event: MouseEvent<HTMLElement>) => event.target === event.currentTarget && dismiss();
}
