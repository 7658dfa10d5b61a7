import { formatDatePe } from '@tcg/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { TableSkeleton } from '../../table-skeleton';
import { type AdminSet, type SetProducts, useSets } from '../api/sets';
import { SetDialog } from './set-dialog';
import '@/components/ui/page.css';
import '../../content-admin.css';

const productNames: Record<keyof SetProducts, string> = { booster: 'Booster', display: 'Display', cartaSuelta: 'Carta suelta' };

function productsText(products: SetProducts): string {
  const offered = (Object.keys(productNames) as Array<keyof SetProducts>).filter((key) => products[key]).map((key) => productNames[key]);
  return offered.join(', ') || '—';
}

/** Spec §2 Admin sets: code, name, release, products, preorder and edit, plus the create/edit dialog. */
export function SetsPage() {
  const sets = useSets();
  const [dialog, setDialog] = useState<{ editing: AdminSet | null } | null>(null);

  return (
    <>
      <div className="ca-toolbar">
        <Button onClick={() => setDialog({ editing: null })}>Nuevo set</Button>
      </div>
      {sets.isPending && <TableSkeleton label="Cargando sets" columns={6} />}
      {sets.isError && <p className="error-state">{errorMessage(sets.error)}</p>}
      {sets.data && (
        <div className="ca-table-wrap">
          <table className="ca-table ca-table--stack">
            <thead>
              <tr>
                <th>Código</th>
                <th>Nombre</th>
                <th>Lanzamiento</th>
                <th>Productos</th>
                <th>Preventa</th>
                <th>Editar</th>
              </tr>
            </thead>
            <tbody>
              {sets.data.map((set) => (
                <tr key={set.id}>
                  <td className="ca-text" data-label="Código">{set.id}</td>
                  <td className="ca-text" data-label="Nombre">{set.name}</td>
                  <td data-label="Lanzamiento">{formatDatePe(set.releaseDate)}</td>
                  <td data-label="Productos">{productsText(set.products)}</td>
                  <td data-label="Preventa">{set.preorderAvailable ? 'Sí' : 'No'}</td>
                  {/* No label on a phone's card: the button says it ('Editar' beside 'Editar', QA). */}
                  <td>
                    <Button variant="secondary" onClick={() => setDialog({ editing: set })} aria-label={`Editar ${set.name}`}>
                      Editar
                    </Button>
                  </td>
                </tr>
              ))}
              {sets.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="ca-muted">
                    No hay sets registrados.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {dialog && <SetDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </>
  );
}
