import { formatUnits } from '@tcg/domain';
import { formatMoney } from '@/lib/format';
import type { CheckoutLine } from '../use-checkout-submit';

/** What the lines come to, in céntimos. */
export function linesTotal(lines: readonly CheckoutLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Spec §2 section 2: what is being bought, at the prices the server will be asked to honour. */
export function OrderLinesSection({ lines }: { lines: CheckoutLine[] }) {
  const total = linesTotal(lines);
  return (
    <section className="checkout-section" aria-labelledby="checkout-lines-title">
      <h2 id="checkout-lines-title" className="checkout-section__title">
        Productos
      </h2>
      <ul className="checkout-lines">
        {lines.map((line) => (
          <li key={line.id} className="checkout-line">
            <span className="checkout-line__name">{line.name}</span>
            <span className="checkout-line__price">{formatMoney(line.price)}</span>
            <span className="checkout-line__quantity" aria-label={`Cantidad de ${line.name}`}>
              × {formatUnits(line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <p className="checkout-total">
        <span>Total</span>
        <strong data-testid="checkout-total">{formatMoney(total)}</strong>
      </p>
    </section>
  );
}
