import { formatUnits, languageLabels } from '@tcg/domain';
import { Fragment, type Ref, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { StockCheckRow } from '../api/get-stock-check';
import { MovementList } from './movement-list';

const COLUMNS = 8;

interface StockCheckTableProps {
  rows: StockCheckRow[];
  onAddStock(card: StockCheckRow): void;
  /** The table, which can take focus (not by Tab) when the row a dialog was opened from is gone. */
  ref?: Ref<HTMLTableElement>;
}

/** Which print a card is ('PSV-SP000 · Español'): two prints of one name, rarity and edition look alike otherwise. */
export function printOf(card: Pick<StockCheckRow, 'setCode' | 'language'>): string {
  return `${card.setCode} · ${languageLabels[card.language] ?? card.language.toUpperCase()}`;
}

/** The row's 'Agregar Stock' button as the table shows it now (a re-render may have replaced the one clicked). */
export function addStockButton(table: HTMLTableElement, cardId: string): HTMLButtonElement | null {
  return [...table.querySelectorAll<HTMLButtonElement>('button[data-card-id]')].find((button) => button.dataset.cardId === cardId) ?? null;
}

/** Spec §2 Admin stock audit: the difference is red when non-zero and green when zero. */
export function StockCheckTable({ rows, onAddStock, ref }: StockCheckTableProps) {
  const tableId = useId();
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <table ref={ref} className="stock-table" tabIndex={-1}>
      <thead>
        <tr>
          <th scope="col">Carta</th>
          <th scope="col">Set</th>
          <th scope="col">Rareza</th>
          <th scope="col">Edición</th>
          <th scope="col">Stock registrado</th>
          <th scope="col">Stock calculado</th>
          <th scope="col">Diferencia</th>
          <th scope="col">
            <span className="visually-hidden">Acciones</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const open = expanded === row.id;
          // Each row's buttons are described by its card: a list of 'Agregar Stock' buttons says which is which.
          const cardId = `${tableId}-${index}`;
          return (
            <Fragment key={row.id}>
              <tr className={open ? 'stock-table__row stock-table__row--open' : 'stock-table__row'} data-testid="stock-row" aria-label={row.name}>
                <th scope="row" data-label="Carta" id={cardId}>
                  {row.name}
                  <span className="stock-table__print">{printOf(row)}</span>
                </th>
                <td data-label="Set">{row.set}</td>
                <td data-label="Rareza">{row.rarity}</td>
                <td data-label="Edición">{row.edition}</td>
                <td data-label="Registrado">{formatUnits(row.recorded)}</td>
                <td data-label="Calculado">{formatUnits(row.computed)}</td>
                <td data-label="Diferencia">
                  <span className={`stock-diff stock-diff--${row.difference === 0 ? 'ok' : 'off'}`} data-testid="stock-difference">
                    {row.difference > 0 ? `+${formatUnits(row.difference)}` : formatUnits(row.difference)}
                  </span>
                </td>
                <td>
                  <div className="stock-table__actions">
                    <Button
                      variant="ghost"
                      className="stock-table__toggle"
                      aria-expanded={open}
                      aria-describedby={cardId}
                      onClick={() => setExpanded(open ? null : row.id)}
                    >
                      <span>{open ? 'Ocultar movimientos' : 'Movimientos'}</span>
                      {/* The room of the longer label, unseen: opening the list no longer widens the column and reflows every row (QA). */}
                      <span className="stock-table__toggle-room" aria-hidden="true">
                        Ocultar movimientos
                      </span>
                    </Button>
                    <Button variant="secondary" data-card-id={row.id} aria-describedby={cardId} onClick={() => onAddStock(row)}>
                      Agregar Stock
                    </Button>
                  </div>
                </td>
              </tr>
              {open && (
                <tr className="stock-table__movements">
                  <td colSpan={COLUMNS}>
                    <MovementList cardId={row.id} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
