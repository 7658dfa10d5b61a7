import { paths } from '@/config/paths';
import { storeConfig, whatsappLink } from '@/config/store';
import { Link } from 'react-router-dom';
import '@/components/ui/page.css';

/**
 * What the shop keeps about a customer, why and for how long, and how to see, correct or erase it: the
 * notice Ley 29733 asks for where the data are collected (the sign-in and the checkout link here). It says
 * what the code does (docs/decisions/0007-personal-data.md); the requests are answered with
 * `tcg customer export` and `tcg customer forget` (docs/operations.md).
 */
export default function PrivacyRoute() {
  return (
    <section className="page page__prose">
      <title>Política de privacidad</title>
      <h1>Política de privacidad</h1>
      <p>
        {storeConfig.name} ({storeConfig.city}) es responsable de los datos personales que nos das al comprar en esta
        tienda y los trata conforme a la Ley N.º 29733, Ley de Protección de Datos Personales, y su reglamento.
      </p>

      <h2>Qué datos guardamos</h2>
      <ul>
        <li>De tu cuenta de Google, al iniciar sesión: tu nombre y tu correo. Nunca recibimos tu contraseña.</li>
        <li>
          De cada pedido: el nombre y el teléfono que escribes, los productos, el total y la imagen del comprobante de
          pago que subes, guardada sin los datos ocultos de la foto (como el lugar o la cámara).
        </li>
        <li>Si vinculas tu cuenta de Discord para unirte a la comunidad: tu usuario de Discord.</li>
        <li>
          En tu navegador: tu carrito, el teléfono de tu último pedido (hasta que cierres sesión) y una cookie de sesión
          para mantenerte conectado. No usamos cookies de publicidad ni de analítica.
        </li>
      </ul>

      <h2>Para qué los usamos</h2>
      <p>
        Para registrar tu pedido, comprobar tu pago con el comprobante y escribirte o llamarte sobre tu pedido. No los
        vendemos ni los usamos para publicidad.
      </p>

      <h2>Con quién los compartimos</h2>
      <p>
        Con Google, solo para que inicies sesión; con Discord, solo si vinculas tu cuenta; y con el proveedor que aloja
        la tienda. Con nadie más, salvo que una autoridad lo exija conforme a la ley.
      </p>

      <h2>Cuánto tiempo los guardamos</h2>
      <p>
        Tus pedidos y sus comprobantes se guardan como registro de ventas. Tu nombre, tu correo y tu teléfono se guardan
        cifrados en cada pedido con una clave solo tuya: si pides que borremos tus datos, destruimos esa clave y nadie
        puede volver a leerlos, y borramos tu cuenta y las imágenes de tus comprobantes. Un comprobante que no llegó a
        ser parte de un pedido se borra al día siguiente.
      </p>

      <h2>Tus derechos</h2>
      <p>
        Puedes pedir ver, corregir o borrar tus datos, u oponerte a su uso, escribiéndonos a{' '}
        <a href={`mailto:${storeConfig.email}`}>{storeConfig.email}</a> o por{' '}
        <a href={whatsappLink('Hola, quisiera ejercer mis derechos sobre mis datos personales.')} target="_blank" rel="noopener noreferrer">
          WhatsApp al {storeConfig.whatsappDisplay}
        </a>
        . Te responderemos dentro de los plazos de la ley. Si no quedas conforme, puedes acudir a la Autoridad Nacional de
        Protección de Datos Personales. Tu teléfono de contacto lo cambias tú mismo en tu próximo pedido; para lo demás,{' '}
        <Link to={paths.contact}>contáctanos</Link>.
      </p>
    </section>
  );
}
