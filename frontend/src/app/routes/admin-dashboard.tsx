import { AdminDashboard } from '@/features/admin/dashboard/components/admin-dashboard';
import '@/components/ui/page.css';

const TITLE = 'Panel de administración';

export default function AdminDashboardRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <h1>{TITLE}</h1>
      <AdminDashboard />
    </section>
  );
}
