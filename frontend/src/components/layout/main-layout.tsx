import type { ReactNode } from 'react';
import { ChatHelpButton } from './chat-help-button';
import { Footer } from './footer';
import { Header, type HeaderSlots } from './header';
import './layout.css';

export function MainLayout({ children, ...slots }: HeaderSlots & { children: ReactNode }) {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <Header {...slots} />
      <main id="main" className="container site-main">
        {children}
      </main>
      <Footer />
      <ChatHelpButton />
    </div>
  );
}
