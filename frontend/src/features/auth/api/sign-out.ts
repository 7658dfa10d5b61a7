import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { forgetSavedPhone } from '@/features/checkout/saved-phone';
import { api } from '@/lib/api-client';
import type { MeResponse } from './get-me';
import { setAccount } from './set-account';

/**
 * POST /api/auth/logout, then home, with the signed-out state written straight into the cache and the account's data forgotten
 * (the cache's, and the phone saved on this device). Home
 * first: on a page that needs an account (history, checkout) the signed-out state alone would send the
 * shopper to sign in again, and the menu that asked to sign out is gone by then.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<MeResponse>('/api/auth/logout', {}),
    onSuccess: async (me) => {
      forgetSavedPhone(window.localStorage);
      // Committed at once (not as a transition), so the account page is gone before the state changes.
      await navigate(paths.home, { flushSync: true });
      await setAccount(queryClient, me);
    },
  });
}
