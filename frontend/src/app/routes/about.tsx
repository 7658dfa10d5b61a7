import { storeConfig } from '@/config/store';
import '@/components/ui/page.css';

export default function AboutRoute() {
  return (
    <section className="page page__prose">
      <title>Nosotros</title>
      <h1>Nosotros</h1>
      <p>
        {storeConfig.name} es una tienda de {storeConfig.city} dedicada a las cartas sueltas de Yu-Gi-Oh!. Nacimos
        en la mesa de juego: somos jugadores que querían encontrar la carta que faltaba para su deck sin pagar
        envíos internacionales ni esperar semanas.
      </p>
      <p>
        Revisamos cada carta antes de publicarla, indicamos su rareza, edición e idioma, y mostramos el stock real
        para que sepas exactamente lo que vas a recibir. Los precios están en soles.
      </p>
      <p>
        Pagas por transferencia desde tu billetera móvil, subes tu comprobante y confirmamos tu pedido. Si tienes
        dudas, escríbenos por WhatsApp: te respondemos personalmente.
      </p>
    </section>
  );
}
