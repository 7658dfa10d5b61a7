import { act, screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { SLIDES_LIVE_MS } from './api/get-slides';
import { mockAdminFetch } from './testing/admin-fetch';

const added = { id: 's2', title: 'Nuevo set', desktopUrl: 'https://cdn.example/d.webp', mobileUrl: null, alt: 'Nuevo set', link: null, order: 0, visible: true, createdAt: '2024-01-02T00:00:00Z', createdAtMs: 2 };

afterEach(() => jest.useRealTimers());

it('is live: a slide another admin adds shows without a reload (spec §7)', async () => {
  jest.useFakeTimers();
  let slides: (typeof added)[] = [];
  mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides }) });
  renderApp('/admin/manage-slider');
  expect(await screen.findByText('No hay slides.')).toBeInTheDocument();
  slides = [added];
  await act(async () => {
    await jest.advanceTimersByTimeAsync(SLIDES_LIVE_MS);
  });
  expect(await screen.findByRole('img', { name: 'Nuevo set' })).toBeInTheDocument();
  expect(screen.queryByText('No hay slides.')).not.toBeInTheDocument();
});
