import { messages } from '@tcg/domain';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/toast-provider';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuthConfig } from '../api/get-auth-config';
import { useDevSignIn, type DemoAccount } from '../api/dev-sign-in';
import { googleSignInUrl, safeReturnTo } from '../return-to';
import { useAuth } from '../use-auth';
import { AuthLoader } from './require-auth';
import './sign-in-page.css';

/** `?error=` from the server's sign-in routes (SignInFailureFilter); any other value is a failed sign-in. */
const SIGN_IN_ERRORS = new Map([
  ['google', messages.auth.googleFailed],
  ['limit', messages.auth.tooManyRequests],
  ['unavailable', messages.auth.googleUnavailable],
]);

function DevSignIn({ returnTo }: { returnTo: string }) {
  const devSignIn = useDevSignIn();
  const signIn = (as: DemoAccount) => devSignIn.mutate(as);
  if (devSignIn.isSuccess) return <Navigate to={returnTo} replace />;
  return (
    <div className="sign-in__dev">
      <p className="sign-in__dev-note">Tienda de demostración: entra sin Google con una cuenta de prueba.</p>
      <div className="sign-in__dev-buttons">
        <Button variant="secondary" disabled={devSignIn.isPending} onClick={() => signIn('customer')}>
          Entrar como cliente demo
        </Button>
        <Button variant="secondary" disabled={devSignIn.isPending} onClick={() => signIn('admin')}>
          Entrar como admin demo
        </Button>
      </div>
      {devSignIn.isError && <p role="alert">{errorMessage(devSignIn.error)}</p>}
    </div>
  );
}

/**
 * The sign-in page of /login and /guest-or-login: Google (and the dev accounts where the server offers
 * them). After sign-in the shopper returns to `?returnTo=`, or to / when there is none.
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const auth = useAuth();
  const config = useAuthConfig();
  const toast = useToast();
  const signedIn = auth.status === 'signedIn';
  // The refusal that sent the shopper here ('Debes iniciar sesión para continuar con la compra') is
  // answered once they are in: it leaves with this page, not over the checkout it led back to (QA).
  useEffect(() => {
    if (signedIn) toast.settle();
  }, [signedIn, toast]);

  if (auth.status === 'loading') return <AuthLoader />;
  if (signedIn) return <Navigate to={returnTo} replace />;
  return (
    <section className="page page--centered sign-in">
      <title>{messages.auth.signInHeading}</title>
      <h1>{messages.auth.signInHeading}</h1>
      {params.has('error') && (
        <p className="sign-in__error" role="alert">
          {SIGN_IN_ERRORS.get(params.get('error')!) ?? messages.auth.googleFailed}
        </p>
      )}
      {config.data?.google !== false && (
        <a className="btn btn--primary sign-in__google" href={googleSignInUrl(returnTo)}>
          <span className="sign-in__google-mark" aria-hidden="true">
            G
          </span>
          Continuar con Google
        </a>
      )}
      {config.data?.devLogin && <DevSignIn returnTo={returnTo} />}
      {/* Ley 29733: the customer is told, where the data are collected, what is done with them. */}
      <p className="sign-in__privacy">
        Al iniciar sesión, usamos tu nombre y tu correo de Google solo para tus pedidos. Más en nuestra{' '}
        <Link to={paths.privacy}>Política de privacidad</Link>.
      </p>
    </section>
  );
}
