import { formatUnits } from '@tcg/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast/toast-provider';
import { errorMessage } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { AdminDialog } from '../../admin-dialog';
import { parseAddStockForm, useAddStock } from '../api/add-stock';
import type { StockCheckRow } from '../api/get-stock-check';
import { printOf } from './stock-check-table';

const DEFAULT_QUANTITY = '1';
const DEFAULT_COST = '0';

interface AddStockDialogProps {
  /** The card stock is added to; null keeps the dialog closed. */
  card: StockCheckRow | null;
  onClose(): void;
  /** Where focus goes on closing when the button that opened the dialog is no longer there. */
  returnFocus?(): HTMLElement | null;
}

/**
 * Spec §2/§4/§5 'Agregar Stock': proceeds only with a whole quantity above 0; on success it closes and
 * goes back to quantity 1 and cost 0. The values typed survive a cancel, as in the original tool.
 */
export function AddStockDialog({ card, onClose, returnFocus }: AddStockDialogProps) {
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY);
  const [unitCost, setUnitCost] = useState(DEFAULT_COST);
  const [invalid, setInvalid] = useState<{ field: 'quantity' | 'unitCost'; message: string } | null>(null);
  const addStock = useAddStock();
  const attempt = useIdempotencyKey('addStock');
  const toast = useToast();
  const quantityRef = useRef<HTMLInputElement>(null);
  const unitCostRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const cardId = card?.id;
  const { reset } = addStock;
  useEffect(() => {
    // Opened (or closed): the last card's refusal says nothing about this one; the typed values stay.
    setInvalid(null);
    reset();
  }, [cardId, reset]);

  if (!card) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = parseAddStockForm(quantity, unitCost);
    if (!form.ok) {
      setInvalid(form);
      // The field to correct takes the focus; the message is its description (aria-describedby).
      return (form.field === 'quantity' ? quantityRef : unitCostRef).current?.focus();
    }
    setInvalid(null);
    addStock.mutate(
      { cardId: card.id, body: form.body, idempotencyKey: attempt.keyFor({ cardId: card.id, ...form.body }) },
      {
        onSuccess: () => {
          attempt.done();
          toast.success(`Stock agregado: ${card.name} (${card.setCode}) +${formatUnits(form.body.quantity)}`);
          setQuantity(DEFAULT_QUANTITY);
          setUnitCost(DEFAULT_COST);
          addStock.reset();
          onClose();
        },
      },
    );
  };

  // Typing in the refused field ends the refusal: its mark and message must not outlive the mistake.
  const corrected = (field: 'quantity' | 'unitCost') => setInvalid((current) => (current?.field === field ? null : current));
  const problem = invalid?.message ?? (addStock.isError ? errorMessage(addStock.error) : null);
  // A field's own refusal describes that field alone; the shop's refusal is about the whole entry.
  const describedFor = (field: 'quantity' | 'unitCost') => (problem && (!invalid || invalid.field === field) ? errorId : undefined);
  const inputs = {
    quantity: { ref: quantityRef, value: quantity, set: setQuantity },
    unitCost: { ref: unitCostRef, value: unitCost, set: setUnitCost },
  };
  const field = (name: 'quantity' | 'unitCost', label: string, inputMode: 'numeric' | 'decimal') => (
    <label>
      {label}
      <input
        ref={inputs[name].ref}
        inputMode={inputMode}
        value={inputs[name].value}
        onChange={(event) => {
          inputs[name].set(event.target.value);
          corrected(name);
        }}
        aria-invalid={invalid?.field === name || undefined}
        aria-describedby={describedFor(name)}
      />
    </label>
  );
  return (
    // What was typed survives closing, so nothing is lost to ask about.
    <AdminDialog
      title="Agregar Stock"
      dirty={false}
      onClose={onClose}
      onSubmit={submit}
      pending={addStock.isPending}
      submitLabel="Agregar"
      narrow
      formClassName="add-stock"
      initialFocus={quantityRef}
      returnFocus={returnFocus}
    >
      <p className="add-stock__card">
        {card.name}
        <span className="stock-table__print">{printOf(card)}</span>
      </p>
      {field('quantity', 'Cantidad', 'numeric')}
      {field('unitCost', 'Costo unitario (S/)', 'decimal')}
      {problem && (
        <p id={errorId} className="add-stock__error" role="alert">
          {problem}
        </p>
      )}
    </AdminDialog>
  );
}
