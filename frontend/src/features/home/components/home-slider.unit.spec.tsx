import type { HomeSlide } from '@tcg/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HomeSlider, SLIDE_INTERVAL_MS, SWIPE_PX } from './home-slider';

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

it('pauses while keyboard focus is on a slide link or a control, and resumes once focus leaves', () => {
  render(
    <MemoryRouter>
      <HomeSlider slides={[{ ...slide(1), link: '/set/LOB' }, slide(2)]} />
      <button type="button">Después del slider</button>
    </MemoryRouter>,
  );
  act(() => screen.getByRole('link', { name: 'Slide 1' }).focus());
  act(() => jest.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('1 de 2');
  expect(screen.getByRole('link', { name: 'Slide 1' })).toHaveFocus();

  act(() => screen.getByRole('button', { name: 'Siguiente' }).focus());
  act(() => jest.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('1 de 2');

  act(() => screen.getByRole('button', { name: 'Después del slider' }).focus());
  act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('2 de 2');
});

it('stops with the pause button until it is pressed again, even while that button keeps focus', () => {
  mount([slide(1), slide(2)]);
  const pause = screen.getByRole('button', { name: 'Pausar presentación' });
  act(() => pause.focus());
  fireEvent.click(pause);
  act(() => jest.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('1 de 2');

  fireEvent.click(screen.getByRole('button', { name: 'Reanudar presentación' }));
  act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
  expect(currentSlide()).toHaveAccessibleName('2 de 2');
  expect(screen.getByRole('button', { name: 'Pausar presentación' })).toHaveFocus();
});

it('stays still for visitors who prefer reduced motion, who may still start it', () => {
  window.matchMedia = jest.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList);
  try {
    mount([slide(1), slide(2)]);
    act(() => jest.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
    expect(currentSlide()).toHaveAccessibleName('1 de 2');
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar presentación' }));
    act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toHaveAccessibleName('2 de 2');
  } finally {
    Reflect.deleteProperty(window, 'matchMedia');
  }
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
  expect(screen.queryByRole('button', { name: 'Pausar presentación' })).not.toBeInTheDocument();
});

it('never leaves a linked slide without a name, even saved without a title or alt text', () => {
  mount([{ ...slide(1), alt: '', link: '/set/LOB' }]);
  expect(screen.getByRole('link', { name: 'Ver destacado' })).toHaveAttribute('href', '/set/LOB');
});

it("names a linked slide by its title and its picture's words, each once", () => {
  mount([
    { ...slide(1), title: 'Legendary Collection Kaiba', alt: 'Dragón Blanco de Ojos Azules desde S/ 35', link: '/search?q=kaiba' },
    { ...slide(2), title: 'Promo', alt: 'Promo', link: '/search?q=promo' },
  ]);
  expect(screen.getByRole('link', { name: 'Legendary Collection Kaiba. Dragón Blanco de Ojos Azules desde S/ 35' })).toHaveAttribute('href', '/search?q=kaiba');
  expect(screen.getByRole('link', { name: 'Promo', hidden: true })).toHaveAttribute('href', '/search?q=promo');
});

// Before (phone QA): a swipe on the slider did nothing; only the arrows and dots moved it.
it('moves to the next slide on a swipe left and back on a swipe right; a scroll or a short touch moves nothing', () => {
  mount([slide(1), slide(2), slide(3)]);
  const stage = currentSlide()!.parentElement!.parentElement!;
  const swipe = (from: [number, number], to: [number, number]) => {
    fireEvent.touchStart(stage, { touches: [{ clientX: from[0], clientY: from[1] }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
  };
  swipe([300, 100], [120, 110]);
  expect(currentSlide()).toHaveAccessibleName('2 de 3');
  swipe([100, 100], [100 + SWIPE_PX, 100]);
  expect(currentSlide()).toHaveAccessibleName('1 de 3');
  swipe([100, 100], [160, 300]);
  swipe([100, 100], [100 - SWIPE_PX + 1, 100]);
  expect(currentSlide()).toHaveAccessibleName('1 de 3');
  // Back from the first wraps around to the last, as the arrow does.
  swipe([20, 100], [200, 100]);
  expect(currentSlide()).toHaveAccessibleName('3 de 3');
});
