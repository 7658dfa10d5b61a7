import { toastDurations } from '@tcg/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import './toast.css';

export type ToastType = keyof typeof toastDurations;
export type ToastDurations = Readonly<Record<ToastType, number>>;

interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
}

type Show = (type: ToastType, message: string, ms: number) => void;

/**
 * The same words raised within this time are one event (the server's refusal and the cart's own note of
 * it): one toast. Raised again later (a second submit with the same mistake), they are a new toast in the
 * place of the first, which a screen reader announces again; otherwise the second submit would be silent.
 */
const SAME_EVENT_MS = 1000;

const ShowContext = createContext<Show | null>(null);
const DurationsContext = createContext<ToastDurations>(toastDurations);

/** Toasts raised inside `children` last `durations` (the admin tools' are shorter, spec §9). */
export function ToastDurationsScope({ durations, children }: { durations: ToastDurations; children: ReactNode }) {
  return <DurationsContext.Provider value={durations}>{children}</DurationsContext.Provider>;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  // What each visible toast says, and when it was raised: the same words show once, for the full time from the last raise.
  const shown = useRef(new Map<string, { id: number; at: number }>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    for (const [said, shownAs] of shown.current) if (shownAs.id === id) shown.current.delete(said);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<Show>(
    (type, message, ms) => {
      const said = `${type}\n${message}`;
      const earlier = shown.current.get(said);
      const sameEvent = earlier !== undefined && Date.now() - earlier.at < SAME_EVENT_MS;
      const id = sameEvent ? earlier.id : nextId.current++;
      if (!sameEvent) {
        if (earlier) {
          clearTimeout(timers.current.get(earlier.id));
          timers.current.delete(earlier.id);
        }
        shown.current.set(said, { id, at: Date.now() });
        setToasts((current) => [...current.filter((toast) => toast.id !== earlier?.id), { id, type, message }]);
      }
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), ms),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return (
    <ShowContext.Provider value={show}>
      {children}
      <div className="toaster" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.type}`}
            role={toast.type === 'error' ? 'alert' : 'status'}
          >
            <span className="toast__message">{toast.message}</span>
            <button type="button" className="toast__close" aria-label="Cerrar aviso" onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ShowContext.Provider>
  );
}

export function useToast(): ToastApi {
  const show = useContext(ShowContext);
  const durations = useContext(DurationsContext);
  const api = useMemo<ToastApi | null>(
    () =>
      show && {
        success: (message) => show('success', message, durations.success),
        error: (message) => show('error', message, durations.error),
      },
    [show, durations],
  );
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
