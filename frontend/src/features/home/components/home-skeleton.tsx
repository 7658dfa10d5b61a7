import { Skeleton } from '@/components/ui/skeleton';

const TILES = Array.from({ length: 6 }, (_, i) => i);

function RowSkeleton() {
  return (
    <div className="home-skeleton__row">
      <Skeleton width="10rem" height="1.5rem" />
      <div className="home-skeleton__tiles">
        {TILES.map((i) => (
          <div key={i} className="home-skeleton__tile">
            <Skeleton className="home-skeleton__media" height="auto" />
            <Skeleton width="80%" />
            <Skeleton width="50%" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function HomeSkeleton() {
  return (
    <div aria-busy="true" aria-label="Cargando" data-testid="home-skeleton">
      <Skeleton className="home-skeleton__slider" height="auto" />
      <RowSkeleton />
      <RowSkeleton />
    </div>
  );
}
