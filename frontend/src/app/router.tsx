import { messages } from '@tcg/domain';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/require-auth';
import { prefetchHome, prefetchProduct, prefetchSearch, prefetchSet } from './page-prefetches';
import { PrefetchingPage } from './prefetching-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// One chunk per page: the first visit downloads only the frame and the page it lands on.
const Home = lazy(() => import('./routes/home'));
const loadCart = () => import('./routes/cart');
const Cart = lazy(loadCart);
const About = lazy(() => import('./routes/about'));
const Contact = lazy(() => import('./routes/contact'));
const Privacy = lazy(() => import('./routes/privacy'));
const SetCatalog = lazy(() => import('./routes/set-catalog'));
const MoreProducts = lazy(() => import('./routes/more-products'));
const Product = lazy(() => import('./routes/product'));
const Search = lazy(() => import('./routes/search'));
const Login = lazy(() => import('./routes/login'));
const GuestOrLogin = lazy(() => import('./routes/guest-or-login'));
const Checkout = lazy(() => import('./routes/checkout'));
const Account = lazy(() => import('./routes/account'));
const AccountSync = lazy(() => import('./routes/account-sync'));
const AccountHistory = lazy(() => import('./routes/account-history'));
const AdminDashboard = lazy(() => import('./routes/admin-dashboard'));
const AdminOrders = lazy(() => import('./routes/admin-orders'));
const AdminStockCheck = lazy(() => import('./routes/admin-stock-check'));
const AdminSets = lazy(() => import('./routes/admin-sets'));
const AdminManageSlider = lazy(() => import('./routes/admin-manage-slider'));
const AdminManageMostWanted = lazy(() => import('./routes/admin-manage-most-wanted'));
const AdminUploadCard = lazy(() => import('./routes/admin-upload-card'));
const NotFound = lazy(() => import('./routes/not-found'));

/**
 * Code fetched once the first page has loaded, while the browser is idle: the cart lives in the
 * browser's storage, so its page must open without a connection too (on a phone that lost signal).
 */
export function preloadOfflinePages(): Promise<unknown> {
  return loadCart();
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            element: (
              <PrefetchingPage prefetch={prefetchHome}>
                <Home />
              </PrefetchingPage>
            ),
          },
          { path: 'cart', element: <Cart /> },
          { path: 'about', element: <About /> },
          { path: 'contact', element: <Contact /> },
          { path: 'privacidad', element: <Privacy /> },
          {
            path: 'categoria/yugioh/:set',
            element: (
              <PrefetchingPage prefetch={prefetchSet}>
                <SetCatalog />
              </PrefetchingPage>
            ),
          },
          { path: 'category/more-products', element: <MoreProducts /> },
          {
            path: 'product/:id',
            element: (
              <PrefetchingPage prefetch={prefetchProduct}>
                <Product />
              </PrefetchingPage>
            ),
          },
          {
            path: 'search',
            element: (
              <PrefetchingPage prefetch={prefetchSearch}>
                <Search />
              </PrefetchingPage>
            ),
          },
          { path: 'login', element: <Login /> },
          { path: 'guest-or-login', element: <GuestOrLogin /> },
          {
            path: 'checkout',
            element: (
              <RequireAuth message={messages.checkout.mustSignIn} pageTellsSessionEnd>
                <Checkout />
              </RequireAuth>
            ),
          },
          {
            path: 'account/sync',
            element: (
              <RequireAuth>
                <AccountSync />
              </RequireAuth>
            ),
          },
          {
            path: 'account/history',
            element: (
              <RequireAuth message={messages.orders.mustSignIn}>
                <AccountHistory />
              </RequireAuth>
            ),
          },
          {
            path: 'account/*',
            element: (
              <RequireAuth>
                <Account />
              </RequireAuth>
            ),
          },
          {
            path: 'admin',
            element: (
              <RequireAdmin>
                <AdminDashboard />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/orders',
            element: (
              <RequireAdmin>
                <AdminOrders />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/stock-check',
            element: (
              <RequireAdmin>
                <AdminStockCheck />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/sets',
            element: (
              <RequireAdmin>
                <AdminSets />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/manage-slider',
            element: (
              <RequireAdmin>
                <AdminManageSlider />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/manage-most-wanted',
            element: (
              <RequireAdmin>
                <AdminManageMostWanted />
              </RequireAdmin>
            ),
          },
          {
            path: 'admin/upload-card',
            element: (
              <RequireAdmin>
                <AdminUploadCard />
              </RequireAdmin>
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
