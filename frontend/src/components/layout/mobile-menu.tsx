import { messages } from '@tcg/domain';
import { useEffect, useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useModalFocus } from '@/components/ui/use-modal-focus';
import { paths } from '@/config/paths';
import './mobile-menu.css';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  latestSets: ReactNode;
}

/** The slide-out menu for small screens: the same links as the desktop navigation, and a few more. */
export function MobileMenu({ open, onClose, latestSets }: MobileMenuProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  useModalFocus(panel, open, closeButton);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  if (!open) return null;

  // Following a link to the page already shown changes no route, so the menu closes on the click itself.
  const onPanelClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) onClose();
  };

  return (
    <div className="mobile-menu">
      <div className="mobile-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <nav ref={panel} className="mobile-menu__panel" role="dialog" aria-modal="true" aria-label="Menú" onClick={onPanelClick}>
        <button ref={closeButton} type="button" className="mobile-menu__close" aria-label="Cerrar menú" onClick={onClose}>
          ×
        </button>
        <ul className="mobile-menu__links">
          <li>
            <Link to={paths.home}>Inicio</Link>
          </li>
          <li>
            <p className="mobile-menu__group">Yu-Gi-Oh! · {messages.catalog.latestSets}</p>
            {latestSets}
          </li>
          <li>
            <Link to={paths.moreProducts}>More Products</Link>
          </li>
          <li>
            <Link to={paths.cart}>Carrito</Link>
          </li>
          <li>
            <Link to={paths.about}>Nosotros</Link>
          </li>
          <li>
            <Link to={paths.contact}>Contacto</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
