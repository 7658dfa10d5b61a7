import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// One chunk per page: the first visit downloads only the frame and the page it lands on.
const Home = lazy(() => import('./routes/home'));
const Cart = lazy(() => import('./routes/cart'));
const About = lazy(() => import('./routes/about'));
const Contact = lazy(() => import('./routes/contact'));
const SetCatalog = lazy(() => import('./routes/set-catalog'));
const MoreProducts = lazy(() => import('./routes/more-products'));
const Product = lazy(() => import('./routes/product'));
const Search = lazy(() => import('./routes/search'));
const Login = lazy(() => import('./routes/login'));
const GuestOrLogin = lazy(() => import('./routes/guest-or-login'));
const Checkout = lazy(() => import('./routes/checkout'));
const Account = lazy(() => import('./routes/account'));
const Admin = lazy(() => import('./routes/admin'));
const NotFound = lazy(() => import('./routes/not-found'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home /> },
          { path: 'cart', element: <Cart /> },
          { path: 'about', element: <About /> },
          { path: 'contact', element: <Contact /> },
          { path: 'categoria/:juego/:set', element: <SetCatalog /> },
          { path: 'category/more-products', element: <MoreProducts /> },
          { path: 'product/:id', element: <Product /> },
          { path: 'search', element: <Search /> },
          { path: 'login', element: <Login /> },
          { path: 'guest-or-login', element: <GuestOrLogin /> },
          { path: 'checkout', element: <Checkout /> },
          { path: 'account/*', element: <Account /> },
          { path: 'admin/*', element: <Admin /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
