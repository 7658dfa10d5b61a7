import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The header's account area; signed-in states (greeting, admin link, account menu) replace this. */
export function HeaderAccount() {
  return (
    <div className="header-account">
      <Link to={paths.login} className="header-account__sign-in">
        Iniciar sesión
      </Link>
    </div>
  );
}
