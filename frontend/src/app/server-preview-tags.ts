import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The server writes a card's or a set's title, description, Open Graph tags, canonical address and
 * product data into the page it sends (`data-preview`), for chat apps and search engines, which run no
 * script. They describe that first page only: once the shopper moves to another, they go, so the
 * browser's share button never sends the first card's address from the second card's page.
 */
export function useServerPreviewTagsForFirstPageOnly(): void {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    for (const tag of document.head.querySelectorAll('[data-preview]')) tag.remove();
  }, [pathname]);
}
