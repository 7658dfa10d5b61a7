import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { storeConfig, whatsappLink } from '@/config/store';
import './footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            Contacto
          </h2>
          <address className="site-footer__contact">
            <span>{storeConfig.city}</span>
            <a href={whatsappLink(storeConfig.chatGreeting)} target="_blank" rel="noopener noreferrer">
              WhatsApp: {storeConfig.whatsappDisplay}
            </a>
            <a href={`mailto:${storeConfig.email}`}>{storeConfig.email}</a>
          </address>
        </section>
        <nav aria-label="Enlaces del pie de página">
          <h2 className="site-footer__title">Tienda</h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.home}>Inicio</Link>
            </li>
            <li>
              <Link to={paths.about}>Nosotros</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Política de privacidad</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__rights container">
        © {new Date().getFullYear()} {storeConfig.name}. Todos los derechos reservados.
      </p>
    </footer>
  );
}
