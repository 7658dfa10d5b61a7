import { adminToastDurations, toastDurations } from '@tcg/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastDurationsScope, ToastProvider, useToast } from './toast-provider';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Cantidad actualizada')}>ok</button>
      <button onClick={() => toast.error('Producto sin stock')}>fail</button>
      <button
        onClick={() => {
          toast.settle();
          toast.success('Pedido registrado. Se validará el pago pronto.');
        }}
      >
        settled
      </button>
    </>
  );
}

function AdminTrigger() {
  const toast = useToast();
  return <button onClick={() => toast.error('Error al guardar el slide')}>admin fail</button>;
}

beforeEach(() => {
  jest.useFakeTimers();
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
});
afterEach(() => jest.useRealTimers());

it('keeps a success toast for 2000 ms', () => {
  expect(toastDurations.success).toBe(2000);
  fireEvent.click(screen.getByText('ok'));
  expect(screen.getByRole('status')).toHaveTextContent('Cantidad actualizada');
  act(() => jest.advanceTimersByTime(1999));
  expect(screen.getByRole('status')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('keeps an error toast for 4000 ms, announced as an alert', () => {
  expect(toastDurations.error).toBe(4000);
  fireEvent.click(screen.getByText('fail'));
  act(() => jest.advanceTimersByTime(3999));
  expect(screen.getByRole('alert')).toHaveTextContent('Producto sin stock');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('shows the same words raised twice once, for the full time from the second raise', () => {
  fireEvent.click(screen.getByText('fail'));
  act(() => jest.advanceTimersByTime(3000));
  fireEvent.click(screen.getByText('fail'));
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  act(() => jest.advanceTimersByTime(3999));
  expect(screen.getByRole('alert')).toHaveTextContent('Producto sin stock');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.click(screen.getByText('fail'));
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});

it('announces the same words raised again a second later as a new alert, in the place of the first', () => {
  fireEvent.click(screen.getByText('fail'));
  const first = screen.getByRole('alert');
  act(() => jest.advanceTimersByTime(200));
  fireEvent.click(screen.getByText('fail'));
  expect(screen.getByRole('alert')).toBe(first);
  act(() => jest.advanceTimersByTime(1000));
  fireEvent.click(screen.getByText('fail'));
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('alert')).not.toBe(first);
  expect(first).not.toBeInTheDocument();
});

it('can be dismissed early', () => {
  fireEvent.click(screen.getByText('fail'));
  fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('keeps toasts raised in the admin tools for their own durations (spec §9: 1.5 to 3 s)', () => {
  render(
    <ToastProvider>
      <ToastDurationsScope durations={adminToastDurations}>
        <AdminTrigger />
      </ToastDurationsScope>
    </ToastProvider>,
  );
  expect(adminToastDurations.error).toBe(3000);
  fireEvent.click(screen.getByText('admin fail'));
  act(() => jest.advanceTimersByTime(2999));
  expect(screen.getByRole('alert')).toHaveTextContent('Error al guardar el slide');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('waits while the pointer is on the toasts, and gives the rest of the time once it leaves', () => {
  fireEvent.click(screen.getByText('fail'));
  act(() => jest.advanceTimersByTime(3000));
  fireEvent.pointerMove(screen.getByRole('alert'));
  act(() => jest.advanceTimersByTime(10_000));
  expect(screen.getByRole('alert')).toHaveTextContent('Producto sin stock');
  fireEvent.pointerLeave(screen.getByRole('alert').parentElement!);
  act(() => jest.advanceTimersByTime(999));
  expect(screen.getByRole('alert')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('waits while the keyboard is on a toast, and its close button gives the focus back to where it came from', () => {
  const fail = screen.getByText('fail');
  fail.focus();
  fireEvent.click(fail);
  const close = screen.getByRole('button', { name: 'Cerrar aviso' });
  act(() => close.focus());
  act(() => jest.advanceTimersByTime(60_000));
  expect(close).toHaveFocus();
  fireEvent.click(close);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(fail).toHaveFocus();
});

it('lets later toasts run out after the last one was closed under the pointer, which then left no toast to leave', () => {
  fireEvent.click(screen.getByText('fail'));
  fireEvent.pointerMove(screen.getByRole('alert'));
  fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  fireEvent.click(screen.getByText('ok'));
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('does not wait for a pointer that rests where a toast appears: only one moved onto it holds it', () => {
  fireEvent.click(screen.getByText('fail'));
  // The browser says the resting pointer is now over the new toast, but it has not moved.
  fireEvent.pointerEnter(screen.getByRole('alert').parentElement!);
  fireEvent.pointerOver(screen.getByRole('alert'));
  act(() => jest.advanceTimersByTime(4000));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('keeps the three newest toasts on screen: a fourth closes the oldest', () => {
  function Many() {
    const toast = useToast();
    return (
      <>
        {['Uno', 'Dos', 'Tres', 'Cuatro'].map((word) => (
          <button key={word} onClick={() => toast.error(word)}>
            {word}
          </button>
        ))}
      </>
    );
  }
  render(
    <ToastProvider>
      <Many />
    </ToastProvider>,
  );
  for (const word of ['Uno', 'Dos', 'Tres', 'Cuatro']) fireEvent.click(screen.getByRole('button', { name: word }));
  expect(screen.getAllByRole('alert').map((toast) => toast.querySelector('.toast__message')?.textContent)).toEqual(['Dos', 'Tres', 'Cuatro']);
});

it('closes the error toasts on screen when what they refused goes through, and keeps the successes', () => {
  fireEvent.click(screen.getByText('ok'));
  fireEvent.click(screen.getByText('fail'));
  fireEvent.click(screen.getByText('settled'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['Cantidad actualizada×', 'Pedido registrado. Se validará el pago pronto.×']);
  // The same refusal raised again is a new toast, not one the settle left half-forgotten.
  fireEvent.click(screen.getByText('fail'));
  expect(screen.getByRole('alert')).toHaveTextContent('Producto sin stock');
});
