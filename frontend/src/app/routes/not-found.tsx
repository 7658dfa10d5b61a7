import { ButtonLink } from '@/components/ui/button';
import '@/components/ui/page.css';

export default function NotFoundRoute() {
  return (
    <section className="page page--centered">
      <title>Página no encontrada</title>
      <h1>Página no encontrada</h1>
      <p className="page__lead">La página que buscas no existe o fue movida.</p>
      <ButtonLink to="/">Volver al inicio</ButtonLink>
    </section>
  );
}
