import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { ErrorState } from './error-state';

it('retries when tapped, and by itself when the browser is back online', async () => {
  const retry = jest.fn();
  const { unmount } = render(<ErrorState error={new ApiError('Sin conexión', 0, 'NETWORK_ERROR')} onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Sin conexión');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(retry).toHaveBeenCalledTimes(1);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(retry).toHaveBeenCalledTimes(2);
  unmount();
  window.dispatchEvent(new Event('online'));
  expect(retry).toHaveBeenCalledTimes(2);
});
