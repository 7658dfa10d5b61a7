import { ComingSoon } from '@/components/ui/coming-soon';

export default function AdminRoute() {
  return <ComingSoon title="Administración" />;
}
