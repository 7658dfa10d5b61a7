import { messages } from '@tcg/domain';
import { Link } from 'react-router-dom';
import { UploadCardForm } from '@/features/admin/upload-card/components/upload-card-form';
import '@/components/ui/page.css';

const TITLE = messages.admin.upload.title;

export default function AdminUploadCardRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <Link to="/admin" className="page__back">← Panel de administración</Link>
      <h1>{TITLE}</h1>
      <UploadCardForm />
    </section>
  );
}
