import type { HomeSlide } from '@tcg/domain';
import { useEffect, useRef, useState } from 'react';
import { SmartLink } from '@/components/ui/smart-link';
import './home-slider.css';

/** Spec §4/§9: the slider moves on every 5 seconds unless the pointer rests on it. */
export const SLIDE_INTERVAL_MS = 5000;

/** Visitors who ask for less motion get a still slider; the play button lets them opt in. */
function prefersReducedMotion() {
  // jsdom, where the unit tests run, has no `matchMedia`.
  return Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
}

/**
 * Whether `target` is a control inside the slider whose focus must pause it, so the slide or arrow in use
 * never turns inert under the keyboard (WCAG 2.4.3). The play/pause button is the exception: it changes
 * no slide, and "Reanudar" must visibly resume while it keeps focus.
 */
function pausesOnFocus(slider: HTMLElement, target: EventTarget | null, rotationButton: HTMLButtonElement | null) {
  return target instanceof Node && target !== rotationButton && slider.contains(target);
}

/** How far a finger must travel sideways, more than up or down, for a swipe to change the slide. */
export const SWIPE_PX = 40;

/** What a linked slide saved without a title or alt text is called, so the link is never nameless. */
const LINK_WITHOUT_TEXT = 'Ver destacado';

/** A linked slide's name: its title and what its picture says (an offer's price, say), each once. */
function linkName(slide: HomeSlide): string {
  const words = [slide.title, slide.alt].filter((text): text is string => !!text);
  return [...new Set(words)].join('. ') || LINK_WITHOUT_TEXT;
}

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

/**
 * The home page's banner slider. It auto-advances only while nothing holds it: a resting pointer, keyboard
 * focus inside, or the visitor's pause (WCAG 2.2.2), already on for those who prefer reduced motion.
 */
export function HomeSlider({ slides }: { slides: HomeSlide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const rotationButton = useRef<HTMLButtonElement>(null);
  // Where a finger went down on the slides, for a swipe (phone QA: swiping did nothing).
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = slides.length;
  const current = count > 0 ? index % count : 0;
  const rotating = !hovered && !focused && !stopped && count > 1;

  // `current` is a dependency so a click on a dot or arrow gives the new slide a full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((current + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, count, current]);

  if (count === 0) return null;
  const go = (to: number) => setIndex((to + count) % count);

  return (
    <section
      className="slider"
      aria-roledescription="carrusel"
      aria-label="Destacados"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setFocused(pausesOnFocus(event.currentTarget, event.target, rotationButton.current))}
      onBlur={(event) => setFocused(pausesOnFocus(event.currentTarget, event.relatedTarget, rotationButton.current))}
    >
      {count > 1 && (
        <button
          ref={rotationButton}
          type="button"
          className="slider__rotation"
          aria-label={stopped ? 'Reanudar presentación' : 'Pausar presentación'}
          onClick={() => setStopped((value) => !value)}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
      )}
      {/* The slides and their arrows; the dots go below, so however many there are they cover no caption. */}
      <div
        className="slider__stage"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch || count < 2) return;
          const dx = touch.clientX - start.x;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y)) go(current + (dx < 0 ? 1 : -1));
        }}
      >
        {/* Announced only when the visitor moves it; a rotating slider speaking every 5 s would drown the page. */}
        <div className="slider__track" aria-live={rotating ? 'off' : 'polite'} style={{ transform: `translateX(-${current * 100}%)` }}>
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
                <SmartLink to={slide.link} aria-label={linkName(slide)}>
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
          </>
        )}
      </div>
      {count > 1 && (
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
      )}
    </section>
  );
}
