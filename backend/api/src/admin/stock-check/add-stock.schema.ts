import { messages } from '@tcg/domain';
import { z } from 'zod';

/** Spec §5 Admin stock add: a whole quantity above 0; the form's decimal soles arrive as céntimos. */
export const addStockSchema = z.object({
  quantity: z.int({ message: messages.domain.invalidQuantity }).positive({ message: messages.domain.invalidQuantity }),
  unitCost: z.int({ message: messages.domain.invalidUnitCost }).nonnegative({ message: messages.domain.invalidUnitCost }),
});

export type AddStockBody = z.infer<typeof addStockSchema>;
