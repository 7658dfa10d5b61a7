import { Link } from 'react-router-dom';
import './admin-dashboard.css';

const tools = [
  { to: '/admin/orders', title: 'Pedidos', description: 'Revisa los comprobantes y confirma o anula los pedidos.' },
  {
    to: '/admin/stock-check',
    title: 'Auditoría de stock',
    description: 'Compara el stock registrado con sus movimientos y agrega stock.',
  },
  { to: '/admin/sets', title: 'Sets', description: 'Crea y edita los sets del catálogo.' },
  { to: '/admin/manage-slider', title: 'Slider', description: 'Administra las imágenes del slider de inicio.' },
  { to: '/admin/manage-most-wanted', title: 'Most Wanted', description: 'Elige las cartas destacadas de la portada.' },
  { to: '/admin/upload-card', title: 'Subir Carta Individual', description: 'Busca una carta y súbela al catálogo.' },
] as const;

/** Spec §2: the admin dashboard, one card per admin tool. */
export function AdminDashboard() {
  return (
    <nav aria-label="Herramientas de administración">
      <ul className="admin-tools">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link className="admin-tool" to={tool.to}>
              <span className="admin-tool__title">{tool.title}</span>
              <span className="admin-tool__description">{tool.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
