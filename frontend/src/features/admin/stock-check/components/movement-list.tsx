import { formatDatePe, formatUnits } from '@tcg/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCardMovements } from '../api/get-card-movements';

/**
 * One card's stock movements (spec §2: type, date, quantity), each coloured by its type, oldest first as
 * a ledger reads: the latest page, and earlier ones on demand above it.
 */
export function MovementList({ cardId }: { cardId: string }) {
  const movements = useCardMovements(cardId);
  if (movements.isPending) return <Skeleton height="3rem" />;
  if (movements.isError && !movements.data) return <p role="alert">{errorMessage(movements.error)}</p>;
  const list = [...movements.data.pages].reverse().flatMap((page) => page.movements);
  if (list.length === 0) return <p className="movements__empty">Sin movimientos.</p>;
  return (
    <>
      {movements.hasNextPage ? (
        <Button variant="ghost" className="movements__earlier" disabled={movements.isFetchingNextPage} onClick={() => void movements.fetchNextPage()}>
          {movements.isFetchingNextPage ? 'Cargando...' : 'Ver movimientos anteriores'}
        </Button>
      ) : null}
      {movements.isFetchNextPageError ? <p role="alert">{errorMessage(movements.error)}</p> : null}
      <ul className="movements" aria-label="Movimientos">
        {list.map((movement, index) => (
          <li key={index} className={`movement movement--${movement.type}`}>
            <span className="movement__type">{movement.type}</span>
            <time dateTime={movement.timestamp}>{formatDatePe(movement.timestamp, { withTime: true })}</time>
            <span className="movement__quantity">{formatUnits(movement.quantity)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
