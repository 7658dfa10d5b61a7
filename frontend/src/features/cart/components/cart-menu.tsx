import { formatUnits } from '@tcg/domain';
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCartRecheck } from '../api/check-cart';
import { useCart } from '../cart-provider';
import { MiniCart } from './mini-cart';
import './cart-menu.css';

function CartIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM6.2 6l.9 2H20a1 1 0 0 1 .9 1.4l-3.3 6a2 2 0 0 1-1.8 1.1H8a2 2 0 0 1-1.8-1.2L2.4 4H1V2h2.6l1.1 2.4.5 1.6Z"
      />
    </svg>
  );
}

/**
 * Whether the user sent the hover/focus mini cart away with Escape (WCAG 1.4.13): it hides without
 * moving the pointer or focus, and comes back on the next hover or focus of the cart. The key is heard
 * on the document because a mouse user may only be hovering, with focus elsewhere on the page.
 */
function useEscapeDismissal(onDismiss: () => void) {
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (dismissed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDismissed(true);
      onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dismissed, onDismiss]);

  return { dismissed, show: () => setDismissed(false) };
}

/** How often showing the mini cart asks the shop again for its lines' prices and stock. */
const MINI_CART_RECHECK_MS = 30_000;
/** The badge's largest figure; more shows as '99+'. */
const MAX_BADGE_COUNT = 99;

/**
 * Re-checks the lines when the mini cart shows, at most every 30 s: it listed the price a line was added
 * at, after the shop had changed it (the cart and checkout pages re-check as they open).
 */
function useRecheckOnShow(count: number): () => void {
  const recheck = useCartRecheck();
  const checkedAt = useRef(Number.NEGATIVE_INFINITY);
  return () => {
    if (count === 0 || Date.now() - checkedAt.current < MINI_CART_RECHECK_MS) return;
    checkedAt.current = Date.now();
    void recheck();
  };
}

/** The header's cart: a link to /cart with the item count, and the mini cart on hover or focus (desktop). */
export function CartMenu() {
  const { count } = useCart();
  const recheckOnShow = useRecheckOnShow(count);
  const link = useRef<HTMLAnchorElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  // Focus inside the mini cart ("Ver carrito") would go with it: it moves back to the cart link.
  const { dismissed, show } = useEscapeDismissal(
    useCallback(() => {
      if (popover.current?.contains(document.activeElement)) link.current?.focus();
    }, []),
  );
  // Focus arriving from outside shows it again; focus moving within (back to the link on Escape) does not.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    show();
    recheckOnShow();
  };
  const onMouseEnter = () => {
    show();
    recheckOnShow();
  };
  const label = count === 1 ? 'Carrito, 1 producto' : `Carrito, ${formatUnits(count)} productos`;
  return (
    <div className="cart-menu" onMouseEnter={onMouseEnter} onFocus={onFocus}>
      <Link ref={link} to="/cart" className="cart-menu__link" aria-label={label}>
        <CartIcon />
        {count > 0 && (
          // Three characters at most: a wider badge covered 'Mi cuenta' on a phone (QA); the link's name says the whole count.
          <span className="cart-menu__badge" data-testid="cart-count">
            {count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : count}
          </span>
        )}
      </Link>
      <div ref={popover} className="cart-menu__popover" hidden={dismissed} data-testid="mini-cart">
        <MiniCart />
      </div>
    </div>
  );
}
