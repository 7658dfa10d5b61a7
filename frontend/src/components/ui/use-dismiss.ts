import { type MouseEvent, useCallback, useEffect } from 'react';

export const DISCARD_CHANGES = '¿Cerrar y descartar lo que escribiste?';

/**
 * How a dialog is dismissed by accident: Escape or a click on its backdrop. With unsaved input (`dirty`)
 * either asks first, so a stray click does not lose a form; 'Cancelar' (the caller's `onClose`) never asks.
 */
export function useDismiss(onClose: () => void, dirty: boolean) {
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
