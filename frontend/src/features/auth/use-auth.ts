import { useMe, type AuthUser } from './api/get-me';

/**
 * Spec §4 auth states. `loading` covers the unknown state before the first answer; `unreachable` is a
 * check that failed (the shop down, the phone offline), which says nothing about the session.
 */
export type AuthState =
  | { status: 'loading'; user: null; isAdmin: false }
  | { status: 'unreachable'; user: null; isAdmin: false; error: Error; retry: () => void }
  | { status: 'signedOut'; user: null; isAdmin: false }
  | { status: 'signedIn'; user: AuthUser; isAdmin: boolean };

/**
 * The shopper's auth state, from the one cached /api/auth/me query: every component reading it shares
 * the request, and sign-in or sign-out updates them all at once. A check that failed before any answer
 * is `unreachable`, not signed out: a shopper on the checkout is not sent to sign in because a request
 * did not get through. A later failure keeps the last answer.
 */
export function useAuth(): AuthState {
  const { data, isPending, error, refetch } = useMe();
  if (data === undefined && error) return { status: 'unreachable', user: null, isAdmin: false, error, retry: () => void refetch() };
  if (isPending) return { status: 'loading', user: null, isAdmin: false };
  if (!data?.user) return { status: 'signedOut', user: null, isAdmin: false };
  return { status: 'signedIn', user: data.user, isAdmin: data.isAdmin };
}
