import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantityInput } from './quantity-input';

function setUp(value = 3) {
  const onChange = jest.fn();
  render(<QuantityInput label="Cantidad de Jirai Gumo" value={value} max={12} onChange={onChange} />);
  return { onChange, box: screen.getByRole('spinbutton', { name: 'Cantidad' }), user: userEvent.setup() };
}

it.each(['-5', '1.5', '2e1', ' '])('ignores a typed %j and shows the quantity it had', async (typed) => {
  const { onChange, box, user } = setUp();
  await user.clear(box);
  await user.type(box, `${typed}{Enter}`);
  expect(onChange).not.toHaveBeenCalled();
  expect(box).toHaveValue(3);
});

it('commits a typed whole number on Enter and on leaving the box', async () => {
  const { onChange, box, user } = setUp();
  await user.clear(box);
  await user.type(box, '7{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(7);
  await user.clear(box);
  await user.type(box, '15');
  await user.tab();
  // Above the stock too: the caller says 'Solo hay 12 unidades disponibles'.
  expect(onChange).toHaveBeenLastCalledWith(15);
  expect(onChange).toHaveBeenCalledTimes(2);
});

it('steps by one with the buttons, never below 1', async () => {
  const { onChange, user } = setUp(1);
  const less = screen.getByRole('button', { name: 'Quitar una unidad' });
  expect(less).toHaveAttribute('aria-disabled', 'true');
  await user.click(less);
  expect(onChange).not.toHaveBeenCalled();
  // Still focusable: the button that took the quantity down to 1 keeps the focus.
  expect(less).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Agregar una unidad' }));
  expect(onChange).toHaveBeenCalledWith(2);
});
