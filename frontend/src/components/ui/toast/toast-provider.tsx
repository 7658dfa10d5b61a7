import { toastDurations } from '@tcg/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { focusPageContent } from '@/components/layout/page-content';
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
  /**
   * What the error toasts on screen refused has now gone through (an order placed after a refused
   * attempt, a dialog saved after a failed save): they close, so a stale refusal never stands beside the
   * success (QA: 'Stock insuficiente' still showed beside 'Pedido registrado' on the history).
   */
  settle: () => void;
}

type Show = (type: ToastType, message: string, ms: number) => void;

interface Toaster {
  show: Show;
  settle: () => void;
}

/**
 * The same words raised within this time are one event (the server's refusal and the cart's own note of
 * it): one toast. Raised again later (a second submit with the same mistake), they are a new toast in the
 * place of the first, which a screen reader announces again; otherwise the second submit would be silent.
 */
const SAME_EVENT_MS = 1000;

/** Toasts on screen at once, newest kept. */
const MAX_TOASTS = 3;

const ToasterContext = createContext<Toaster | null>(null);
const DurationsContext = createContext<ToastDurations>(toastDurations);

/** Toasts raised inside `children` last `durations` (the admin tools' are shorter, spec §9). */
export function ToastDurationsScope({ durations, children }: { durations: ToastDurations; children: ReactNode }) {
  return <DurationsContext.Provider value={durations}>{children}</DurationsContext.Provider>;
}

/** A toast's time left: running toward `deadline`, or held at `remaining` while the toasts are paused. */
interface Countdown {
  timer?: ReturnType<typeof setTimeout>;
  deadline: number;
  remaining: number;
}

const isHeld = (hold: { pointer: boolean; focus: boolean }) => hold.pointer || hold.focus;

/**
 * Toasts wait while the pointer or the keyboard is on them (WCAG 2.2.1): a shopper reading one, or tabbing
 * to its close button, does not see it vanish under them. Each gets the rest of its time when they leave.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const countdowns = useRef(new Map<number, Countdown>());
  // What each visible toast says, and when it was raised: the same words show once, for the full time from the last raise.
  const shown = useRef(new Map<string, { id: number; at: number }>());
  const hold = useRef({ pointer: false, focus: false });
  const toaster = useRef<HTMLDivElement>(null);
  // Where the keyboard was before it came to the toasts: it goes back there when the toast it is on closes.
  const cameFrom = useRef<HTMLElement | null>(null);

  const dismiss = useCallback((id: number) => {
    clearTimeout(countdowns.current.get(id)?.timer);
    countdowns.current.delete(id);
    // With no toast left nothing can be under the pointer or hold the focus, whether or not the browser said it left.
    if (countdowns.current.size === 0) hold.current = { pointer: false, focus: false };
    for (const [said, shownAs] of shown.current) if (shownAs.id === id) shown.current.delete(said);
    const focused = document.activeElement;
    const hadFocus = focused instanceof HTMLElement && focused.closest(`[data-toast-id="${id}"]`) !== null;
    setToasts((current) => current.filter((toast) => toast.id !== id));
    if (hadFocus) {
      const back = cameFrom.current?.isConnected ? cameFrom.current : null;
      if (back) back.focus();
      else focusPageContent();
    }
  }, []);

  const run = useCallback(
    (id: number, ms: number) => {
      const countdown: Countdown = { deadline: Date.now() + ms, remaining: ms };
      if (!isHeld(hold.current)) countdown.timer = setTimeout(() => dismiss(id), ms);
      countdowns.current.set(id, countdown);
    },
    [dismiss],
  );

  const holdChanged = useCallback(() => {
    const now = Date.now();
    for (const [id, countdown] of countdowns.current) {
      if (isHeld(hold.current) && countdown.timer !== undefined) {
        clearTimeout(countdown.timer);
        countdown.timer = undefined;
        countdown.remaining = Math.max(0, countdown.deadline - now);
      } else if (!isHeld(hold.current) && countdown.timer === undefined) {
        run(id, countdown.remaining);
      }
    }
  }, [run]);

  const show = useCallback<Show>(
    (type, message, ms) => {
      const said = `${type}\n${message}`;
      const earlier = shown.current.get(said);
      const sameEvent = earlier !== undefined && Date.now() - earlier.at < SAME_EVENT_MS;
      const id = sameEvent ? earlier.id : nextId.current++;
      if (!sameEvent) {
        if (earlier) {
          clearTimeout(countdowns.current.get(earlier.id)?.timer);
          countdowns.current.delete(earlier.id);
        }
        shown.current.set(said, { id, at: Date.now() });
        setToasts((current) => [...current.filter((toast) => toast.id !== earlier?.id), { id, type, message }]);
      }
      clearTimeout(countdowns.current.get(id)?.timer);
      run(id, ms);
      // A few refusals in a row would stack over the form they are about (a phone's screen): the oldest goes.
      const [oldest] = countdowns.current.keys();
      if (countdowns.current.size > MAX_TOASTS) dismiss(oldest);
    },
    [run, dismiss],
  );

  const settle = useCallback(() => {
    for (const [said, shownAs] of [...shown.current]) if (said.startsWith('error\n')) dismiss(shownAs.id);
  }, [dismiss]);
  const context = useMemo(() => ({ show, settle }), [show, settle]);

  useEffect(() => {
    const pending = countdowns.current;
    return () => pending.forEach((countdown) => clearTimeout(countdown.timer));
  }, []);

  const setHold = (what: 'pointer' | 'focus', on: boolean) => {
    hold.current[what] = on;
    holdChanged();
  };

  return (
    <ToasterContext.Provider value={context}>
      {children}
      <div
        ref={toaster}
        className="toaster"
        aria-live="polite"
        // A pointer moved onto a toast holds it, not one a toast appeared under (it would hold it until moved).
        onPointerMove={() => {
          if (!hold.current.pointer) setHold('pointer', true);
        }}
        onPointerLeave={() => setHold('pointer', false)}
        onFocus={(event) => {
          if (!toaster.current?.contains(event.relatedTarget)) cameFrom.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
          setHold('focus', true);
        }}
        onBlur={(event) => {
          if (!toaster.current?.contains(event.relatedTarget)) setHold('focus', false);
        }}
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            data-toast-id={toast.id}
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
    </ToasterContext.Provider>
  );
}

export function useToast(): ToastApi {
  const toaster = useContext(ToasterContext);
  const durations = useContext(DurationsContext);
  const api = useMemo<ToastApi | null>(
    () =>
      toaster && {
        success: (message) => toaster.show('success', message, durations.success),
        error: (message) => toaster.show('error', message, durations.error),
        settle: toaster.settle,
      },
    [toaster, durations],
  );
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
