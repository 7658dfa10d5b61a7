import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { MainLayout } from './main-layout';

function renderLayout() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <MainLayout account={null} cart={null} latestSets={null}>
            <Outlet />
          </MainLayout>
        ),
        children: [
          { path: '/', element: <Link to="/cart">Ir al carrito</Link> },
          { path: '/cart', element: <Link to="/cart?page=2">Página 2</Link> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

it('takes the focus to the new page’s content when the path changes, not on the first page nor for another page of the same one', async () => {
  const user = userEvent.setup();
  const router = renderLayout();
  const main = screen.getByRole('main');
  expect(main).not.toHaveFocus();

  await user.click(screen.getByRole('link', { name: 'Ir al carrito' }));
  expect(main).toHaveFocus();

  screen.getByRole('link', { name: 'Página 2' }).focus();
  await act(() => router.navigate('/cart?page=2'));
  expect(screen.getByRole('link', { name: 'Página 2' })).toHaveFocus();
});
