import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { type Params, useParams, useSearchParams } from 'react-router-dom';
import { PageFallback } from './page-fallback';

/** Starts a page's first data requests, with the same query keys its own hooks use. */
export type PagePrefetch = (client: QueryClient, params: Readonly<Params>, search: URLSearchParams) => void;

/**
 * A page whose data is asked for as soon as its route matches, while its code is still downloading,
 * instead of once the code has run: the page's hooks then find the answer, or the request in flight. The
 * page's own Suspense boundary sits inside, so this commits (and asks) before the code arrives.
 */
export function PrefetchingPage({ prefetch, children }: { prefetch: PagePrefetch; children: ReactNode }) {
  const client = useQueryClient();
  const params = useParams();
  const [search] = useSearchParams();
  useEffect(() => prefetch(client, params, search), [prefetch, client, params, search]);
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}
