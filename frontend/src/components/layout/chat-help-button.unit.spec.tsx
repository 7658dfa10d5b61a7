import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ChatHelpButton } from './chat-help-button';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ChatHelpButton />
    </MemoryRouter>,
  );
}

const chatLink = () => screen.queryByRole('link', { name: 'Escríbenos por WhatsApp' });

afterEach(() => {
  window.scrollY = 0;
});

it.each(['/login', '/account/history', '/admin', '/admin/orders', '/checkout', '/cart'])('is hidden on %s', (path) => {
  renderAt(path);
  expect(chatLink()).not.toBeInTheDocument();
});

it.each(['/', '/search', '/product/abc', '/about'])('is shown on %s', (path) => {
  renderAt(path);
  expect(chatLink()).toBeInTheDocument();
});

it('opens a WhatsApp chat with a prefilled greeting', () => {
  renderAt('/');
  const href = new URL(chatLink()!.getAttribute('href')!);
  expect(href.origin).toBe('https://wa.me');
  expect(href.pathname).toMatch(/^\/\d+$/);
  expect(href.searchParams.get('text')).toMatch(/^Hola/);
});

it('shows the help bubble only while scrolled less than 20 px', () => {
  renderAt('/');
  expect(screen.getByText('¿Necesitas ayuda?')).toBeInTheDocument();
  act(() => {
    window.scrollY = 20;
    window.dispatchEvent(new Event('scroll'));
  });
  expect(screen.queryByText('¿Necesitas ayuda?')).not.toBeInTheDocument();
  act(() => {
    window.scrollY = 19;
    window.dispatchEvent(new Event('scroll'));
  });
  expect(screen.getByText('¿Necesitas ayuda?')).toBeInTheDocument();
});
