import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { adminToastDurations } from '@tcg/domain';
import { ErrorState } from '@/components/ui/error-state';
import { ToastDurationsScope, useToast } from '@/components/ui/toast/toast-provider';
import { currentPath, signInPath } from '../return-to';
import { useAuth } from '../use-auth';
import './require-auth.css';

/** What protected routes show while the auth check is in flight (spec §2: a loader, never a redirect). */
export function AuthLoader() {
  return (
    <div className="page page--centered page-loading" role="status" aria-live="polite">
      <span className="auth-loader" aria-hidden="true" />
      Cargando…
    </div>
  );
}

/** What protected routes show when the auth check did not get through: the reason and a retry, no redirect. */
function AuthUnreachable({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <section className="page">
      <ErrorState error={error} onRetry={retry} />
    </section>
  );
}

function SignedOutRedirect({ to, message }: { to: string; message?: string }) {
  const toast = useToast();
  useEffect(() => {
    if (message) toast.error(message);
  }, [message, toast]);
  return <Navigate to={to} replace />;
}

interface RequireAuthProps {
  children: ReactNode;
  /** Shown as an error toast when a signed-out shopper is sent away, e.g. messages.orders.mustSignIn. */
  message?: string;
  /**
   * The page says itself when the session ends on it (the checkout's 'Sesión expirada…'): the message
   * is then only for arriving signed out, since a second toast would contradict the page's.
   */
  pageTellsSessionEnd?: boolean;
}

/**
 * Renders `children` for signed-in users; sends everyone else to /guest-or-login, remembering the page,
 * with the message: on arriving signed out, and when the session ends on the page (signed out in another
 * tab: the page's request answered 401) unless the page tells that itself.
 */
export function RequireAuth({ children, message, pageTellsSessionEnd = false }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();
  const wasSignedIn = useRef(false);
  if (auth.status === 'signedIn') wasSignedIn.current = true;
  if (auth.status === 'loading') return <AuthLoader />;
  if (auth.status === 'unreachable') return <AuthUnreachable error={auth.error} retry={auth.retry} />;
  if (auth.status === 'signedOut') {
    return <SignedOutRedirect to={signInPath('/guest-or-login', currentPath(location))} message={wasSignedIn.current && pageTellsSessionEnd ? undefined : message} />;
  }
  return <>{children}</>;
}

/**
 * Renders `children` for admins only, with the admin tools' toast durations. Signed-in customers go to /; signed-out visitors go to /login
 * with the page remembered, so an admin whose session ended comes back to the tool they were using.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <AuthLoader />;
  if (auth.status === 'unreachable') return <AuthUnreachable error={auth.error} retry={auth.retry} />;
  if (auth.status === 'signedOut') return <Navigate to={signInPath('/login', currentPath(location))} replace />;
  if (!auth.isAdmin) return <Navigate to="/" replace />;
  return <ToastDurationsScope durations={adminToastDurations}>{children}</ToastDurationsScope>;
}
