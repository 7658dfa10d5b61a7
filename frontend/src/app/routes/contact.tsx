import { storeConfig, whatsappLink } from '@/config/store';
import '@/components/ui/page.css';

export default function ContactRoute() {
  return (
    <section className="page page__prose">
      <title>Contacto</title>
      <h1>Contacto</h1>
      <p>¿Buscas una carta que no encuentras o tienes una pregunta sobre tu pedido? Estamos para ayudarte.</p>
      <ul>
        <li>Ciudad: {storeConfig.city}</li>
        <li>
          WhatsApp:{' '}
          <a href={whatsappLink(storeConfig.chatGreeting)} target="_blank" rel="noopener noreferrer">
            {storeConfig.whatsappDisplay}
          </a>
        </li>
        <li>
          Correo: <a href={`mailto:${storeConfig.email}`}>{storeConfig.email}</a>
        </li>
      </ul>
      <p>Respondemos de lunes a sábado. Los mensajes del domingo los atendemos el lunes a primera hora.</p>
    </section>
  );
}
