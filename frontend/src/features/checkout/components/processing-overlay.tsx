import { messages } from '@tcg/domain';
import { useRef } from 'react';
import { useModalFocus } from '@/components/ui/use-modal-focus';

/**
 * Covers the page while the proof uploads, so the shopper neither leaves nor submits twice: with the
 * mouse, and with the keyboard too, which it holds (focus on it, Tab going nowhere) until it goes. Shows
 * how much of the proof has gone up (`uploaded`, 0 to 1): on a slow connection the shopper sees it move.
 */
export function ProcessingOverlay({ uploaded }: { uploaded: number }) {
  const percent = Math.round(uploaded * 100);
  const overlay = useRef<HTMLDivElement>(null);
  useModalFocus(overlay);
  return (
    <div ref={overlay} tabIndex={-1} className="checkout-overlay" role="dialog" aria-modal="true" aria-labelledby="checkout-overlay-title">
      <div className="checkout-overlay__box">
        <span className="checkout-overlay__spinner" aria-hidden="true" />
        <p id="checkout-overlay-title" className="checkout-overlay__title">
          {messages.checkout.overlayTitle}
        </p>
        <p>{messages.checkout.overlayHint}</p>
        <progress className="checkout-overlay__progress" max={100} value={percent} aria-label="Comprobante subido" aria-valuetext={`${percent} %`} />
        <p className="checkout-overlay__percent" aria-hidden="true">
          {percent} %
        </p>
      </div>
    </div>
  );
}
