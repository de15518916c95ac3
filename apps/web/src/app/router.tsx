import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { Spinner } from '../components/ui';
import { SignInPage } from '../features/auth/SignInPage';

/** Each screen is its own chunk, so the sign-in page does not carry them. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const Page: ComponentType = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/login', element: <Navigate to="/sign-in" replace /> },
  { path: '/forget-password', element: lazyPage(() => import('../features/auth/ForgetPasswordPage'), 'ForgetPasswordPage') },
  { path: '/otp', element: lazyPage(() => import('../features/auth/OtpPage'), 'OtpPage') },
  { path: '/reset-password', element: lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage') },
  {
    path: '/',
    element: lazyPage(() => import('./AdminRoot'), 'AdminRoot'),
    children: [
      { index: true, element: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
      { path: 'ute-list', element: lazyPage(() => import('../features/utes/UteListPage'), 'UteListPage') },
      { path: 'job-list', element: lazyPage(() => import('../features/jobs/JobListPage'), 'JobListPage') },
      { path: 'booking-list', element: lazyPage(() => import('../features/bookings/UteBookingsPage'), 'UteBookingsPage') },
      { path: 'job-booking-list', element: lazyPage(() => import('../features/bookings/JobBookingsPage'), 'JobBookingsPage') },
      { path: 'quotes', element: lazyPage(() => import('../features/quotes/QuotesPage'), 'QuotesPage') },
      { path: 'shipment/:id', element: lazyPage(() => import('../features/quotes/ShipmentPage'), 'ShipmentPage') },
      { path: 'faq', element: lazyPage(() => import('../features/faq/FaqPage'), 'FaqPage') },
      { path: 'blogs', element: lazyPage(() => import('../features/blogs/BlogsPage'), 'BlogsPage') },
      { path: 'payment-history', element: lazyPage(() => import('../features/payments/PaymentHistoryPage'), 'PaymentHistoryPage') },
      { path: 'queries', element: lazyPage(() => import('../features/queries/QueriesPage'), 'QueriesPage') },
      { path: 'change-password', element: lazyPage(() => import('../features/auth/ChangePasswordPage'), 'ChangePasswordPage') },
      { path: 'all-users', element: lazyPage(() => import('../features/users/UsersListPage'), 'UsersListPage') },
      { path: 'users-activity/:id', element: lazyPage(() => import('../features/activity/UserActivityPage'), 'UserActivityPage') },
      { path: '*', element: <p className="text-slate-700">Page not found.</p> },
    ],
  },
]);
