import { Skeleton } from '@/components/ui/skeleton';

/** What shows while a page's code loads: it fills the screen, so the footer waits below it. */
export function PageFallback() {
  return (
    <div role="status" aria-busy="true" aria-label="Cargando" className="page page-loading">
      <Skeleton width="40%" height="2rem" />
    </div>
  );
}
