import { messages } from '@tcg/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { CartProvider, useCart } from './cart-provider';
import type { CartProduct } from './cart.rules';

const product: CartProduct = {
  id: 'ash-blossom',
  name: 'Ash Blossom & Joyous Spring',
  price: 4500,
  image: null,
  maxStock: 2,
  setCode: 'MACR-036',
  rarity: 'Secret Rare',
  edition: '1st Edition',
};

function Harness() {
  const { items, count, subtotal, addItem, updateQuantity, removeItem } = useCart();
  return (
    <div>
      <p data-testid="summary">
        {count} / {subtotal} / {items.map((item) => `${item.id}x${item.quantity}`).join(',')}
      </p>
      <button onClick={() => addItem(product)}>add</button>
      <button onClick={() => updateQuantity(product.id, 5)}>too many</button>
      <button onClick={() => removeItem(product.id)}>remove</button>
    </div>
  );
}

function mount() {
  return render(
    <ToastProvider>
      <CartProvider>
        <Harness />
      </CartProvider>
    </ToastProvider>,
  );
}

const stored = () => JSON.parse(window.localStorage.getItem('cart') ?? 'null');

beforeEach(() => window.localStorage.clear());

it('saves every change and restores the cart after a reload', async () => {
  const user = userEvent.setup();
  const first = mount();
  await user.click(screen.getByText('add'));
  await user.click(screen.getByText('add'));
  expect(stored()).toEqual([{ ...product, quantity: 2 }]);
  first.unmount();

  mount();
  expect(screen.getByTestId('summary')).toHaveTextContent('2 / 9000 / ash-blossomx2');
});

it('shows the success and refusal toasts from the rules', async () => {
  const user = userEvent.setup();
  mount();
  await user.click(screen.getByText('add'));
  expect(screen.getByRole('status')).toHaveTextContent(messages.cart.added(product.name));
  await user.click(screen.getByText('too many'));
  expect(screen.getByRole('alert')).toHaveTextContent('Solo hay 2 unidades disponibles');
  await user.click(screen.getByText('remove'));
  expect(screen.getByText(messages.cart.removed)).toBeInTheDocument();
  expect(stored()).toEqual([]);
});

it('starts from an empty cart when storage holds corrupt JSON', () => {
  window.localStorage.setItem('cart', '][');
  mount();
  expect(screen.getByTestId('summary')).toHaveTextContent('0 / 0 /');
});

it('is a developer error to use the cart outside its provider', () => {
  const silence = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Harness />)).toThrow(messages.cart.outsideProvider);
  silence.mockRestore();
});
