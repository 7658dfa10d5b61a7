import { ComingSoon } from '@/components/ui/coming-soon';

export default function MoreProductsRoute() {
  return <ComingSoon title="More Products" />;
}
