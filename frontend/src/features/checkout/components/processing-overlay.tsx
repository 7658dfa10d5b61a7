import { messages } from '@tcg/domain';

/** Covers the page while the proof uploads, so the shopper neither leaves nor submits twice. */
export function ProcessingOverlay() {
  return (
    <div className="checkout-overlay" role="dialog" aria-modal="true" aria-labelledby="checkout-overlay-title">
      <div className="checkout-overlay__box">
        <span className="checkout-overlay__spinner" aria-hidden="true" />
        <p id="checkout-overlay-title" className="checkout-overlay__title">
          {messages.checkout.overlayTitle}
        </p>
        <p>{messages.checkout.overlayHint}</p>
      </div>
    </div>
  );
}
