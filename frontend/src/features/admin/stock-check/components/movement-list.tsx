import { formatDatePe, formatUnits } from '@tcg/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCardMovements } from '../api/get-card-movements';

/** One card's stock movements (spec §2: type, date, quantity), each coloured by its type. */
export function MovementList({ cardId }: { cardId: string }) {
  const movements = useCardMovements(cardId);
  if (movements.isPending) return <Skeleton height="3rem" />;
  if (movements.isError) return <p role="alert">{errorMessage(movements.error)}</p>;
  if (movements.data.movements.length === 0) return <p className="movements__empty">Sin movimientos.</p>;
  return (
    <ul className="movements" aria-label="Movimientos">
      {movements.data.movements.map((movement, index) => (
        <li key={index} className={`movement movement--${movement.type}`}>
          <span className="movement__type">{movement.type}</span>
          <time dateTime={movement.timestamp}>{formatDatePe(movement.timestamp, { withTime: true })}</time>
          <span className="movement__quantity">{formatUnits(movement.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
