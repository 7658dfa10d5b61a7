import { messages } from '@tcg/domain';
import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '@/components/ui/coming-soon';

export default function SearchRoute() {
  const [params] = useSearchParams();
  return <ComingSoon title={messages.catalog.resultsFor(params.get('q') ?? '')} />;
}
