import { messages } from '@tcg/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDisclosure } from './use-disclosure';

/**
 * Desktop navigation: the Yu-Gi-Oh! dropdown with the newest sets, and More Products. Hovering shows
 * the panel through CSS; the button opens it for touch and keyboard users, which `aria-expanded` tracks
 * and `useDisclosure` closes again when focus leaves or Escape is pressed.
 */
export function MainNav({ latestSets }: { latestSets: ReactNode }) {
  const { open, panelId, containerProps, toggleProps } = useDisclosure<HTMLLIElement>();

  return (
    <nav className="main-nav" aria-label="Principal">
      <ul className="main-nav__list">
        <li className="main-nav__dropdown" {...containerProps}>
          <button type="button" className="main-nav__item" {...toggleProps}>
            Yu-Gi-Oh! <span aria-hidden="true">▾</span>
          </button>
          <div id={panelId} className="main-nav__panel" data-open={open}>
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
