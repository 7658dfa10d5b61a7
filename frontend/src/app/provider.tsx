import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { SessionEndWatch } from '@/features/auth/components/session-end-watch';
import { CartProvider } from '@/features/cart/cart-provider';
import { createQueryClient } from '@/lib/react-query';

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionEndWatch />
      <ToastProvider>
        <CartProvider>{children}</CartProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
