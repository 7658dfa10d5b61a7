import type { HomeSlide } from '@tcg/domain';
import { useEffect, useState } from 'react';
import { SmartLink } from '@/components/ui/smart-link';
import './home-slider.css';

/** Spec §4/§9: the slider moves on every 5 seconds unless the pointer rests on it. */
export const SLIDE_INTERVAL_MS = 5000;

/** What a linked slide saved without a title or alt text is called, so the link is never nameless. */
const LINK_WITHOUT_TEXT = 'Ver destacado';

function SlideImage({ slide, eager }: { slide: HomeSlide; eager: boolean }) {
  return (
    <picture>
      {slide.mobileUrl && <source media="(max-width: 767px)" srcSet={slide.mobileUrl} width={1080} height={720} />}
      <img
        className="slider__image"
        src={slide.desktopUrl}
        alt={slide.alt || slide.title || ''}
        width={2000}
        height={720}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  );
}

export function HomeSlider({ slides }: { slides: HomeSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const current = count > 0 ? index % count : 0;

  // `current` is a dependency so a click on a dot or arrow gives the new slide a full interval.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((current + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [paused, count, current]);

  if (count === 0) return null;
  const go = (to: number) => setIndex((to + count) % count);

  return (
    <section
      className="slider"
      aria-roledescription="carrusel"
      aria-label="Destacados"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div className="slider__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className="slider__slide"
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={i !== current}
            inert={i !== current}
            data-testid="slide"
          >
            {slide.link ? (
              <SmartLink to={slide.link} aria-label={slide.title || slide.alt || LINK_WITHOUT_TEXT}>
                <SlideImage slide={slide} eager={i === 0} />
              </SmartLink>
            ) : (
              <SlideImage slide={slide} eager={i === 0} />
            )}
            {slide.title && <p className="slider__caption">{slide.title}</p>}
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="slider__arrow slider__arrow--prev" aria-label="Anterior" onClick={() => go(current - 1)}>
            ‹
          </button>
          <button type="button" className="slider__arrow slider__arrow--next" aria-label="Siguiente" onClick={() => go(current + 1)}>
            ›
          </button>
          <div className="slider__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="slider__dot"
                aria-label={`Ir a la diapositiva ${i + 1}`}
                aria-current={i === current}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
