import type { HomeSlide } from '@tcg/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HomeSlider, SLIDE_INTERVAL_MS } from './home-slider';

const slide = (n: number): HomeSlide => ({
  id: `s${n}`,
  title: null,
  desktopUrl: `https://img.example/${n}.webp`,
  mobileUrl: null,
  alt: `Slide ${n}`,
  link: null,
  order: n,
});

function mount(slides: HomeSlide[]) {
  return render(
    <MemoryRouter>
      <HomeSlider slides={slides} />
    </MemoryRouter>,
  );
}

const currentSlide = () => screen.getAllByTestId('slide').find((el) => el.getAttribute('aria-hidden') === 'false');

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('keeps the given order and advances every 5000 ms, wrapping around', () => {
  mount([slide(3), slide(1), slide(2)]);
  expect(currentSlide()).toHaveAccessibleName('1 de 3');
  expect(screen.getAllByRole('img', { hidden: true }).map((img) => img.getAttribute('alt'))).toEqual(['Slide 3', 'Slide 1', 'Slide 2']);

  act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS - 1));
  expect(currentSlide()).toHaveAccessibleName('1 de 3');
  act(() => jest.advanceTimersByTime(1));
  expect(currentSlide()).toHaveAccessibleName('2 de 3');
  act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('3 de 3');
  act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('1 de 3');
});

it('pauses while hovered', () => {
  mount([slide(1), slide(2)]);
  fireEvent.mouseEnter(screen.getByRole('region', { name: 'Destacados' }));
  act(() => jest.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('1 de 2');
  fireEvent.mouseLeave(screen.getByRole('region', { name: 'Destacados' }));
  act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('2 de 2');
});

it('moves with the arrows and dots', () => {
  mount([slide(1), slide(2), slide(3)]);
  fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
  expect(currentSlide()).toHaveAccessibleName('3 de 3');
  fireEvent.click(screen.getByRole('button', { name: 'Ir a la diapositiva 2' }));
  expect(currentSlide()).toHaveAccessibleName('2 de 3');
});

it('renders nothing without slides, and no controls for a single one', () => {
  const { container, unmount } = mount([]);
  expect(container).toBeEmptyDOMElement();
  unmount();
  mount([slide(1)]);
  expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
});

it('never leaves a linked slide without a name, even saved without a title or alt text', () => {
  mount([{ ...slide(1), alt: '', link: '/set/LOB' }]);
  expect(screen.getByRole('link', { name: 'Ver destacado' })).toHaveAttribute('href', '/set/LOB');
});
