import { MAX_AMOUNT_CENTS, MAX_MOVEMENT_UNITS, messages } from '@tcg/domain';
import { z } from 'zod';

/** Spec §5 Admin stock add: a whole quantity above 0; the form's decimal soles arrive as céntimos. Bounded as the domain bounds them. */
export const addStockSchema = z.object({
  quantity: z
    .int({ message: messages.domain.invalidQuantity })
    .positive({ message: messages.domain.invalidQuantity })
    .max(MAX_MOVEMENT_UNITS, { message: messages.domain.invalidQuantity }),
  unitCost: z
    .int({ message: messages.domain.invalidUnitCost })
    .nonnegative({ message: messages.domain.invalidUnitCost })
    .max(MAX_AMOUNT_CENTS, { message: messages.domain.invalidUnitCost }),
});

export type AddStockBody = z.infer<typeof addStockSchema>;
