import { messages } from '@tcg/domain';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * Desktop navigation: the Yu-Gi-Oh! dropdown with the newest sets, and More Products. Hovering shows
 * the panel through CSS; the button opens it for touch and keyboard users, which `aria-expanded` tracks.
 */
export function MainNav({ latestSets }: { latestSets: ReactNode }) {
  const [open, setOpen] = useState(false);
  const dropdown = useRef<HTMLLIElement>(null);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!dropdown.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <nav className="main-nav" aria-label="Principal">
      <ul className="main-nav__list">
        <li className="main-nav__dropdown" ref={dropdown}>
          <button
            type="button"
            className="main-nav__item"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            Yu-Gi-Oh! <span aria-hidden="true">▾</span>
          </button>
          <div id={menuId} className="main-nav__panel" data-open={open}>
            <p className="main-nav__heading">{messages.catalog.latestSets}</p>
            {latestSets}
          </div>
        </li>
        <li>
          <Link to={paths.moreProducts} className="main-nav__item">
            More Products
          </Link>
        </li>
      </ul>
    </nav>
  );
}
