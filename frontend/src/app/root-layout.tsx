import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { HeaderAccount } from '@/components/layout/header-account';
import { MainLayout } from '@/components/layout/main-layout';
import { CartMenu } from '@/features/cart/components/cart-menu';
import { LatestSetsLinks } from '@/features/catalog/components/latest-sets-links';
import { PageFallback } from './page-fallback';
import { useServerPreviewTagsForFirstPageOnly } from './server-preview-tags';

/** The frame of every page; the header's feature-backed pieces are plugged in here, not imported by it. */
export function RootLayout() {
  useServerPreviewTagsForFirstPageOnly();
  return (
    <MainLayout account={<HeaderAccount />} cart={<CartMenu />} latestSets={<LatestSetsLinks />}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </MainLayout>
  );
}
