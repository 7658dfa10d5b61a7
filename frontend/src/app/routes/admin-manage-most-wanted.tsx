import { Link } from 'react-router-dom';
import { MostWantedPage } from '@/features/admin/most-wanted/components/most-wanted-page';
import '@/components/ui/page.css';

const TITLE = 'Most Wanted';

export default function AdminManageMostWantedRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <Link to="/admin" className="page__back">← Panel de administración</Link>
      <h1>{TITLE}</h1>
      <MostWantedPage />
    </section>
  );
}
