import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { useToast } from '@/components/ui/toast/toast-provider';
import { api, ApiError } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/own-writes';

export type OrderAction = 'confirm' | 'cancel';

export interface OrderTransitionResponse {
  orderId: string;
  status: string;
  changed: boolean;
  position: number;
}

/**
 * POST /api/admin/orders/{id}/confirm or /cancel. The server answers once its read models show the
 * change, so the refetch that follows (on failure too: someone else may have moved the order) is current.
 */
export function changeOrderStatus(orderId: string, action: OrderAction): Promise<OrderTransitionResponse> {
  return api.post<OrderTransitionResponse>(`/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, {});
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ orderId, action }: { orderId: string; action: OrderAction }) => changeOrderStatus(orderId, action),
    // Spec §8 only logs a failed confirm or cancel; it is also said (admin QA: a cancel refused because the
    // order was confirmed in another tab left the admin guessing; docs/decisions/0005).
    onError: (error, { orderId, action }) => {
      console.error(`admin order ${action} failed`, { orderId, error });
      const fallback = action === 'confirm' ? messages.admin.orders.confirmFailed : messages.admin.orders.cancelFailed;
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : fallback);
    },
    // The whole admin cache: the page on screen refetches (its totals with it), and a cancel also puts
    // stock back in the stock audit. Nothing is written into the cached pages by hand.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    // A cancel puts the stock back on the shelf the storefront shows.
    onSuccess: ({ position }) => catalogueChanged(queryClient, position),
  });
}
