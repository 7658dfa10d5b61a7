import { useMe, type AuthUser } from './api/get-me';

/** Spec §4 auth states. `loading` covers the unknown state before the first answer. */
export type AuthState =
  | { status: 'loading'; user: null; isAdmin: false }
  | { status: 'signedOut'; user: null; isAdmin: false }
  | { status: 'signedIn'; user: AuthUser; isAdmin: boolean };

/**
 * The shopper's auth state, from the one cached /api/auth/me query: every component reading it shares
 * the request, and sign-in or sign-out updates them all at once. A failed check counts as signed out.
 */
export function useAuth(): AuthState {
  const { data, isPending } = useMe();
  if (isPending) return { status: 'loading', user: null, isAdmin: false };
  if (!data?.user) return { status: 'signedOut', user: null, isAdmin: false };
  return { status: 'signedIn', user: data.user, isAdmin: data.isAdmin };
}
