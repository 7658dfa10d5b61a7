import { formatSoles, formatUnits, messages } from '@tcg/domain';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/toast-provider';
import { useConfirmLeave } from '@/components/ui/use-confirm-leave';
import { useDebounced } from '@/lib/use-debounced';
import { TableSkeleton } from '../../table-skeleton';
import { MOST_WANTED_MAX, useMostWantedCandidates, useMostWantedEntries, useSaveMostWanted } from '../api/most-wanted';
import '@/components/ui/page.css';
import '../../content-admin.css';

export const LEAVE_UNSAVED = '¿Salir sin guardar los cambios de Most Wanted?';

/** Spec §2 Admin most wanted: a searchable card table with checkboxes and a save button. */
export function MostWantedPage() {
  const entries = useMostWantedEntries();
  const [q, setQ] = useState('');
  const candidates = useMostWantedCandidates(useDebounced(q).trim());
  const [chosen, setChosen] = useState<string[] | null>(null);
  const save = useSaveMostWanted();
  const toast = useToast();

  const loadFailed = entries.isError || candidates.isError;
  useEffect(() => {
    if (loadFailed) toast.error(messages.admin.mostWanted.loadFailed);
  }, [loadFailed, toast]);

  // The saved entries are the starting choice; the admin's clicks take over from there.
  const saved = entries.data?.map((entry) => entry.cardId) ?? [];
  const selected = chosen ?? saved;
  const full = selected.length >= MOST_WANTED_MAX;
  // QA: leaving by the back link lost the ticked cards without a word.
  const unsaved = chosen !== null && (chosen.length !== saved.length || chosen.some((id) => !saved.includes(id)));
  useConfirmLeave(unsaved, LEAVE_UNSAVED);
  // The list's order is the home page's: a new pick goes first, as the newest entry does there (spec §7).
  const toggle = (id: string) => setChosen(selected.includes(id) ? selected.filter((other) => other !== id) : [id, ...selected]);

  // aria-disabled while saving, not disabled: 'Guardar' keeps the focus it has.
  const submit = () => {
    if (!entries.data) return;
    save.mutate(selected, {
      onSuccess: () => {
        setChosen(null);
        toast.settle();
        toast.success(messages.admin.mostWanted.saved);
      },
      onError: () => toast.error(messages.admin.mostWanted.saveFailed),
    });
  };

  return (
    <>
      <div className="ca-toolbar">
        <input type="search" aria-label="Buscar cartas" placeholder="Buscar por nombre o código" value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      {loadFailed && <p className="error-state">{messages.admin.mostWanted.loadFailed}</p>}
      {!loadFailed && (entries.isPending || candidates.isPending) && <TableSkeleton label="Cargando cartas" columns={6} narrow />}
      {entries.data && candidates.data && (
        <div className="ca-table-wrap ca-table-wrap--narrow">
          <table className="ca-table ca-table--stack">
            <thead>
              <tr>
                <th>Elegir</th>
                <th>Carta</th>
                <th>Set</th>
                <th>Rareza</th>
                <th>Stock</th>
                <th>Precio</th>
              </tr>
            </thead>
            <tbody>
              {candidates.data.map((card) => {
                const checked = selected.includes(card.id);
                return (
                  <tr key={card.id}>
                    <td data-label="Elegir">
                      <label className="ca-hit">
                        <input type="checkbox" checked={checked} disabled={!checked && full} onChange={() => toggle(card.id)} aria-label={`Elegir ${card.name} (${card.setCode})`} />
                      </label>
                    </td>
                    <td className="ca-text" data-label="Carta">
                      {card.name}
                    </td>
                    <td className="ca-text" data-label="Set">
                      <span>
                        {card.set} <span className="ca-muted">{card.setCode}</span>
                      </span>
                    </td>
                    <td data-label="Rareza">{card.rarity}</td>
                    <td data-label="Stock">{formatUnits(card.stockFinal)}</td>
                    <td className="ca-amount" data-label="Precio">
                      {formatSoles(card.price)}
                    </td>
                  </tr>
                );
              })}
              {candidates.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="ca-muted">
                    {/* Nothing searched in a shop without cards is no search without results (admin QA). */}
                    {q.trim() ? messages.catalog.noResults : 'No hay cartas registradas.'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {/* Under the list, held in view while it scrolls: on a phone the only 'Guardar', at the top, was 4,900 px above the last card (QA). */}
      <div className="ca-actions ca-savebar">
        {entries.data && (
          <span aria-live="polite">
            Seleccionadas: {selected.length}/{MOST_WANTED_MAX}
          </span>
        )}
        <Button onClick={submit} aria-disabled={save.isPending || !entries.data}>
          {save.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </>
  );
}
