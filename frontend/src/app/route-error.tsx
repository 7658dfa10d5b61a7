import { useEffect } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import '@/components/ui/page.css';

/**
 * Shown when a page fails to render or its code cannot be downloaded (a deploy replaced the hashed files
 * while the tab was open, or the connection dropped): a reload fetches them, and comes by itself when the
 * browser is back online.
 */
export function RouteError() {
  // A page whose code could not come while offline comes once the connection is back, without a tap.
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <section className="page page--centered" role="alert">
      <h1>Algo salió mal</h1>
      <p className="page__lead">No pudimos mostrar esta página. Recarga para intentarlo de nuevo.</p>
      <Button onClick={() => window.location.reload()}>Recargar</Button>
      <p>
        <ButtonLink to="/" variant="ghost">
          Volver al inicio
        </ButtonLink>
      </p>
    </section>
  );
}
