import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useModalFocus } from './use-modal-focus';

function Dialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLFormElement>(null);
  useModalFocus(dialog);
  return (
    <form ref={dialog} role="dialog" aria-modal="true" aria-label="Agregar">
      <input aria-label="Nombre" />
      <button type="button" disabled>
        Desactivado
      </button>
      <button type="button" onClick={onClose}>
        Cancelar
      </button>
    </form>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <a href="#detras">Detrás</a>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

it('moves focus into the dialog, keeps Tab and Shift+Tab inside it, and gives it back to the opener on close', async () => {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus();

  await user.tab();
  expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();

  await user.keyboard('{Enter}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus();
});
