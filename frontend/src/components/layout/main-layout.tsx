import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { ChatHelpButton } from './chat-help-button';
import { Footer } from './footer';
import { Header, type HeaderSlots } from './header';
import { focusPageContent, MAIN_ID } from './page-content';
import './layout.css';

/**
 * A new page (another path; not a filter or page number of the same one) takes the focus to its content,
 * as a page load would: the link or button that led there may be gone, which drops focus to <body>, and a
 * screen reader hears where it is. Not on the first page shown, where the browser starts at the top.
 */
function useFocusOnNewPage(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    focusPageContent();
  }, [pathname]);
}

export function MainLayout({ children, ...slots }: HeaderSlots & { children: ReactNode }) {
  useFocusOnNewPage();
  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Saltar al contenido
      </a>
      <Header {...slots} />
      <main id={MAIN_ID} tabIndex={-1} className="container site-main">
        {children}
      </main>
      <Footer />
      <ChatHelpButton />
    </div>
  );
}
