import { Link, useLocation } from 'react-router-dom';
import { useToast } from '@/components/ui/toast/toast-provider';
import { useSignOut } from '@/features/auth/api/sign-out';
import { currentPath, signInPath } from '@/features/auth/return-to';
import { useAuth } from '@/features/auth/use-auth';
import { errorMessage } from '@/lib/api-client';
import { useDisclosure } from './use-disclosure';
import './header-account.css';

const ACCOUNT_LINKS = [
  { to: '/account/history', label: 'Mis pedidos' },
  { to: '/account/addresses', label: 'Mis direcciones' },
  { to: '/account/payments', label: 'Mis pagos' },
  { to: '/account/sync', label: 'Vincular Discord' },
] as const;

function AccountMenu({ firstName, isAdmin }: { firstName: string; isAdmin: boolean }) {
  const { open, panelId, containerProps, toggleProps } = useDisclosure<HTMLDivElement>();
  const signOut = useSignOut();
  const toast = useToast();

  const onSignOut = () => signOut.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) });

  return (
    <div className="header-account__menu" {...containerProps}>
      <span className="header-account__greeting">Hola, {firstName}</span>
      <button type="button" className="header-account__toggle" {...toggleProps}>
        Mi cuenta <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id={panelId} className="header-account__panel">
          <p className="header-account__panel-greeting">Hola, {firstName}</p>
          <ul className="header-account__links">
            {isAdmin && (
              <li className="header-account__admin-item">
                <Link to="/admin">Admin</Link>
              </li>
            )}
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
          <button type="button" className="header-account__sign-out" onClick={onSignOut} disabled={signOut.isPending}>
            Cerrar sesión
          </button>
        </div>
      )}
    </div>
  );
}

/** The header's account area: sign-in link, or greeting, admin link (admins only) and account menu. */
export function HeaderAccount() {
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'loading') return <div className="header-account" aria-busy="true" />;
  if (auth.status === 'signedOut' || auth.status === 'unreachable') {
    return (
      <div className="header-account">
        <Link to={signInPath('/login', currentPath(location))} className="header-account__sign-in">
          Iniciar sesión
        </Link>
      </div>
    );
  }
  return (
    <div className="header-account">
      {auth.isAdmin && (
        <Link to="/admin" className="header-account__admin">
          Admin
        </Link>
      )}
      <AccountMenu firstName={auth.user.firstName} isAdmin={auth.isAdmin} />
    </div>
  );
}
