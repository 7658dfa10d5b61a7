import { Link } from 'react-router-dom';
import { ManageSliderPage } from '@/features/admin/slider/components/manage-slider-page';
import '@/components/ui/page.css';

const TITLE = 'Slider de inicio';

export default function AdminManageSliderRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <Link to="/admin" className="page__back">← Panel de administración</Link>
      <h1>{TITLE}</h1>
      <ManageSliderPage />
    </section>
  );
}
