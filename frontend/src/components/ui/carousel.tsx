import { type FocusEvent, useRef } from 'react';
import type { ReactNode } from 'react';
import './carousel.css';

interface CarouselProps {
  title: string;
  children: ReactNode;
}

/** A horizontal, swipeable row: native scrolling on touch, arrow buttons for mouse users. */
export function Carousel({ title, children }: CarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    element?.scrollBy?.({ left: direction * element.clientWidth * 0.9, behavior: 'smooth' });
  };
  // A tile the keyboard reaches half out of view: the browser's own small scroll to show it is snapped back
  // to the tile before (mandatory snapping), so the tile is brought to a snap point of its own, its start.
  const reveal = (event: FocusEvent<HTMLUListElement>) => {
    const item = event.target instanceof Element ? event.target.closest('.carousel__item') : null;
    if (!track.current || !item) return;
    const shown = track.current.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    if (box.left < shown.left || box.right > shown.right) item.scrollIntoView?.({ block: 'nearest', inline: 'start' });
  };
  return (
    <section className="carousel" aria-label={title}>
      <div className="carousel__header">
        <h2 className="carousel__title">{title}</h2>
        <div className="carousel__arrows">
          <button type="button" className="carousel__arrow" aria-label={`${title}: anterior`} onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" className="carousel__arrow" aria-label={`${title}: siguiente`} onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      </div>
      <ul className="carousel__track" ref={track} onFocus={reveal}>
        {children}
      </ul>
    </section>
  );
}

export function CarouselItem({ children }: { children: ReactNode }) {
  return <li className="carousel__item">{children}</li>;
}
