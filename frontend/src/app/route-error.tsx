import { Button, ButtonLink } from '@/components/ui/button';
import '@/components/ui/page.css';

/**
 * Shown when a page fails to render or its code cannot be downloaded (typically a deploy replaced the
 * hashed files while the tab was open): a reload fetches the new ones.
 */
export function RouteError() {
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
