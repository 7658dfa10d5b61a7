import { ErrorState } from '@/components/ui/error-state';
import { useHome } from '../api/get-home';
import { HomeSkeleton } from './home-skeleton';
import { HomeSlider } from './home-slider';
import { LatestSetsCarousel } from './latest-sets-carousel';
import { MostWantedCarousel } from './most-wanted-carousel';
import './home.css';

export function HomeView() {
  const { data, error, isPending, refetch } = useHome();
  if (isPending) return <HomeSkeleton />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  return (
    <>
      <HomeSlider slides={data.slides} />
      <MostWantedCarousel entries={data.mostWanted} />
      <LatestSetsCarousel sets={data.latestSets} />
    </>
  );
}
