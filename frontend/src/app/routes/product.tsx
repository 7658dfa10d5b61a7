import { ComingSoon } from '@/components/ui/coming-soon';

export default function ProductRoute() {
  return <ComingSoon title="Detalle de la carta" />;
}
