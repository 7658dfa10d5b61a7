import { useParams } from 'react-router-dom';
import { ComingSoon } from '@/components/ui/coming-soon';

export default function SetCatalogRoute() {
  const { set } = useParams();
  return <ComingSoon title={`Set ${set ?? ''}`.trim()} />;
}
