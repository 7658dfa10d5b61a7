import { messages } from '@tcg/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/toast-provider';
import { ApiError } from '@/lib/api-client';
import { AdminDialog } from '../../admin-dialog';
import { type AdminSet, type SetProducts, useAutocompleteSet, useSaveSet } from '../api/sets';
import '../../content-admin.css';

export const emptySet: AdminSet = {
  id: '',
  name: '',
  releaseDate: '',
  preorderAvailable: false,
  products: { booster: false, display: false, cartaSuelta: true },
  cards: [],
};

/** The server refused and said why (4xx): its Spanish message is the one to show. */
function saidWhy(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status !== 0 && error.status < 500;
}

const productLabels: Record<keyof SetProducts, string> = { booster: 'Booster', display: 'Display', cartaSuelta: 'Carta suelta' };

interface SetDialogProps {
  /** The set being edited, or null to create one. */
  editing: AdminSet | null;
  onClose(): void;
}

/** Spec §2/§5 Admin sets: create or edit; code, name and release date are required, the code is fixed once saved. */
export function SetDialog({ editing, onClose }: SetDialogProps) {
  const [set, setSet] = useState<AdminSet>(editing ?? emptySet);
  const save = useSaveSet();
  const autocomplete = useAutocompleteSet();
  const toast = useToast();
  const errorId = useId();
  // Why the last save or autocomplete was refused for an empty field: the toast says it, the dialog keeps it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const fields = { name: useRef<HTMLInputElement>(null), id: useRef<HTMLInputElement>(null), releaseDate: useRef<HTMLInputElement>(null) };
  /** The required fields still empty, in the dialog's order. */
  const empty = (['name', 'id', 'releaseDate'] as const).filter((field) => !set[field].trim());
  const refuse = (message: string, field: keyof typeof fields) => {
    toast.error(message);
    setRefusal(message);
    fields[field].current?.focus();
  };
  // The value the shop refused for a field (a code another set has, or may not have; a name it cannot show): marked while the field still holds it.
  const [refused, setRefused] = useState<{ field: 'id' | 'name'; value: string } | null>(null);
  // The fields the refusal is about while they stay empty: every one for a save, the name for an autocomplete.
  const invalid: Array<keyof typeof fields> = refusal === null ? [] : empty.filter((field) => refusal === messages.admin.sets.missingFields || field === 'name');
  if (refusal !== null && refused !== null && set[refused.field].trim() === refused.value && !invalid.includes(refused.field)) invalid.push(refused.field);
  const marked = (field: keyof typeof fields) => {
    const refused = invalid.includes(field);
    return {
      ref: fields[field],
      'aria-required': true,
      'aria-invalid': refused || undefined,
      'aria-describedby': refused ? errorId : undefined,
    };
  };

  const fill = () => {
    if (!set.name.trim()) return refuse(messages.admin.sets.nameFirst, 'name');
    autocomplete.mutate(set.name.trim(), {
      onSuccess: (found) => {
        // The name as the card database spells it ('Maximum Crisis', not the 'maximum crisis' typed to find it).
        setSet((current) => ({
          ...current,
          id: editing ? current.id : found.id,
          name: found.name || current.name,
          releaseDate: found.releaseDate || current.releaseDate,
          cards: found.cards,
        }));
        // A set without cards yet (a pre-order) is filled all the same; that it has none is the spec's error text.
        if (found.cards.length === 0) toast.error(found.message);
        else toast.success(found.message);
      },
      onError: (error) => toast.error(saidWhy(error) ? error.message : messages.admin.sets.apiFailed),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...set, id: set.id.trim(), name: set.name.trim() };
    if (empty.length > 0) return refuse(messages.admin.sets.missingFields, empty[0]);
    setRefusal(null);
    // A refusal that says why (a code in use, a name too long) is shown as is; anything else is the spec's 'Error al guardar el set'.
    save.mutate(
      { set: trimmed, editing: editing !== null },
      {
        onSuccess: () => {
          toast.settle();
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? (error.code === 'set_exists' ? 'id' : error.field) : undefined;
          if (field === 'id' || field === 'name') {
            setRefused({ field, value: trimmed[field] });
            return refuse(error.message, field);
          }
          toast.error(saidWhy(error) ? error.message : messages.admin.sets.saveFailed);
        },
      },
    );
  };

  const product = (key: keyof SetProducts) => (
    <label className="ca-check" key={key}>
      <input
        type="checkbox"
        checked={set.products[key]}
        onChange={(event) => setSet({ ...set, products: { ...set.products, [key]: event.target.checked } })}
      />
      {productLabels[key]}
    </label>
  );

  return (
    <AdminDialog
      title={editing ? 'Editar set' : 'Nuevo set'}
      dirty={JSON.stringify(set) !== JSON.stringify(editing ?? emptySet)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel="Guardar"
      formClassName="ca-form"
    >
      <label>
        Nombre
        <input maxLength={200} value={set.name} onChange={(event) => setSet({ ...set, name: event.target.value })} {...marked('name')} />
      </label>
      <div className="ca-actions">
        <Button variant="secondary" onClick={fill} disabled={autocomplete.isPending}>
          {autocomplete.isPending ? 'Consultando...' : 'Autocompletar'}
        </Button>
      </div>
      <div className="ca-grid">
        <label>
          Código
          <input
            maxLength={40}
            value={set.id}
            readOnly={editing !== null}
            onChange={(event) => setSet({ ...set, id: event.target.value.toUpperCase() })}
            {...marked('id')}
          />
        </label>
        <label>
          Lanzamiento
          <input
            type="date"
            value={set.releaseDate}
            onChange={(event) => setSet({ ...set, releaseDate: event.target.value })}
            {...marked('releaseDate')}
          />
        </label>
      </div>
      <fieldset>
        <legend>Productos</legend>
        {(Object.keys(productLabels) as Array<keyof SetProducts>).map(product)}
      </fieldset>
      <label className="ca-check">
        <input
          type="checkbox"
          checked={set.preorderAvailable}
          onChange={(event) => setSet({ ...set, preorderAvailable: event.target.checked })}
        />
        Preventa disponible
      </label>
      <p className="ca-muted">Cartas: {set.cards.length}</p>
      {invalid.length > 0 && (
        <p id={errorId} className="ca-error">
          {refusal}
        </p>
      )}
    </AdminDialog>
  );
}
