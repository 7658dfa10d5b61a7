import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useModalFocus } from '@/components/ui/use-modal-focus';
import './admin-dialog.css';

interface AdminDialogProps {
  title: string;
  /** Unsaved input: Escape, a click on the backdrop or leaving the page asks before closing ('Cancelar' never does). */
  dirty: boolean;
  onClose(): void;
  onSubmit(event: FormEvent): void;
  /** The save is on its way: the submit button reads 'Guardando...' and cannot be pressed again. */
  pending: boolean;
  submitLabel: string;
  /** A dialog of a few short fields, narrower than a form's. */
  narrow?: boolean;
  /** The form's own class, for its fields' look (`ca-form`). */
  formClassName: string;
  /** The field that takes the focus on opening (its value selected); else the first one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where the focus goes on closing when the button that opened the dialog is no longer there. */
  returnFocus?(): HTMLElement | null;
  children: ReactNode;
}

/**
 * The frame of every admin dialog: a backdrop, a modal dialog that keeps the focus (useModalFocus) and is
 * dismissed as `useDismiss` says, its title, the form, and its 'Cancelar' and submit buttons.
 */
export function AdminDialog({
  title,
  dirty,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  narrow,
  formClassName,
  initialFocus,
  returnFocus,
  children,
}: AdminDialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, true, initialFocus, returnFocus);
  const backdrop = useDismiss(onClose, dirty);
  // The submit button, disabled while 'Guardando...', dropped the focus to the page behind the dialog; when a
  // refused save ends with the focus nowhere (no field of the refusal took it), it goes back to that button (QA).
  const wasPending = useRef(pending);
  useEffect(() => {
    const ended = wasPending.current && !pending;
    wasPending.current = pending;
    const at = document.activeElement;
    if (ended && (at === null || at === document.body)) dialog.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [pending]);
  return (
    <div className="admin-dialog__backdrop" {...backdrop}>
      {/* The dialog holds the form: a <form> may not take the dialog role. */}
      <div
        ref={dialog}
        className={narrow ? 'admin-dialog admin-dialog--narrow' : 'admin-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <form className={`admin-dialog__body ${formClassName}`} onSubmit={onSubmit} noValidate>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="admin-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Guardando...' : submitLabel}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
