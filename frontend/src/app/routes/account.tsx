import { ComingSoon } from '@/components/ui/coming-soon';

export default function AccountRoute() {
  return <ComingSoon title="Mi cuenta" />;
}
