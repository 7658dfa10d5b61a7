import type { ReactNode } from 'react';
import { ButtonLink } from './button';
import './page.css';

interface ComingSoonProps {
  title: string;
  children?: ReactNode;
}

/** Stand-in for a page another part of the project will deliver. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <section className="page page--centered">
      <title>{title}</title>
      <h1>{title}</h1>
      {children}
      <p className="page__lead">Próximamente. Estamos preparando esta sección de la tienda.</p>
      <ButtonLink to="/" variant="secondary">
        Volver al inicio
      </ButtonLink>
    </section>
  );
}
