import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { storeConfig, whatsappLink } from '@/config/store';
import './chat-help.css';

/**
 * Spec §2: pages where a floating button would cover forms or is simply out of place; and the cart
 * (docs/decisions/0005), whose subtotal and "Continuar compra" sit where the button floats on a phone.
 */
const CHAT_HIDDEN_PREFIXES = ['/login', '/account', '/admin', '/checkout', '/cart'] as const;

/** Spec §9: the help bubble disappears once the page is scrolled this far. */
const HELP_BUBBLE_SCROLL_LIMIT = 20;

function useScrolledPast(limit: number): boolean {
  const [past, setPast] = useState(() => window.scrollY >= limit);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY >= limit);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [limit]);
  return past;
}

export function ChatHelpButton() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(HELP_BUBBLE_SCROLL_LIMIT);
  if (CHAT_HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;

  // On a card page the greeting carries its address, so the store knows which card is asked about.
  const greeting = pathname.startsWith('/product/')
    ? `${storeConfig.chatGreeting} ${window.location.href}`
    : storeConfig.chatGreeting;

  return (
    <aside className="chat-help" aria-label="Ayuda por WhatsApp">
      {!scrolled && (
        <p className="chat-help__bubble" data-testid="help-bubble">
          ¿Necesitas ayuda?
        </p>
      )}
      <a
        className="chat-help__button"
        href={whatsappLink(greeting)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Escríbenos por WhatsApp"
      >
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
          />
        </svg>
      </a>
    </aside>
  );
}
