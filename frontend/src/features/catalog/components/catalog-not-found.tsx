import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import './catalog-not-found.css';

/**
 * A missing card's or set's page (spec §2, §8: 'Carta no encontrada.', 'Set no encontrado.'): the message
 * as its heading, and the way back home. One look for both (QA: the set's was small and grey).
 */
export function CatalogNotFound({ message }: { message: string }) {
  return (
    <>
      <title>{message}</title>
      <h1 className="catalog-not-found">{message}</h1>
      <ButtonLink to={paths.home} variant="secondary">
        Volver al inicio
      </ButtonLink>
    </>
  );
}
