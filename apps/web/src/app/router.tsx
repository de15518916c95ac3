import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
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

/**
 * Declarative routes: the app uses no loaders or actions, and the data router would add about
 * 17 kB gzip to the JS the sign-in page loads. `children` render beside the routes, inside the
 * router (the toasts, whose texts may link to a screen).
 */
export function AppRoutes({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/login" element={<Navigate to="/sign-in" replace />} />
        <Route path="/forget-password" element={lazyPage(() => import('../features/auth/ForgetPasswordPage'), 'ForgetPasswordPage')} />
        <Route path="/otp" element={lazyPage(() => import('../features/auth/OtpPage'), 'OtpPage')} />
        <Route path="/reset-password" element={lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage')} />
        <Route path="/accept-invite" element={lazyPage(() => import('../features/admins/AcceptInvitePage'), 'AcceptInvitePage')} />
        <Route path="/" element={lazyPage(() => import('./AdminRoot'), 'AdminRoot')}>
          <Route index element={lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage')} />
          <Route path="ute-list" element={lazyPage(() => import('../features/utes/UteListPage'), 'UteListPage')} />
          <Route path="job-list" element={lazyPage(() => import('../features/jobs/JobListPage'), 'JobListPage')} />
          <Route path="booking-list" element={lazyPage(() => import('../features/bookings/UteBookingsPage'), 'UteBookingsPage')} />
          <Route path="job-booking-list" element={lazyPage(() => import('../features/bookings/JobBookingsPage'), 'JobBookingsPage')} />
          <Route path="quotes" element={lazyPage(() => import('../features/quotes/QuotesPage'), 'QuotesPage')} />
          <Route path="shipment/:id" element={lazyPage(() => import('../features/quotes/ShipmentPage'), 'ShipmentPage')} />
          <Route path="faq" element={lazyPage(() => import('../features/faq/FaqPage'), 'FaqPage')} />
          <Route path="blogs" element={lazyPage(() => import('../features/blogs/BlogsPage'), 'BlogsPage')} />
          <Route path="payment-history" element={lazyPage(() => import('../features/payments/PaymentHistoryPage'), 'PaymentHistoryPage')} />
          <Route path="queries" element={lazyPage(() => import('../features/queries/QueriesPage'), 'QueriesPage')} />
          <Route path="change-password" element={lazyPage(() => import('../features/auth/ChangePasswordPage'), 'ChangePasswordPage')} />
          <Route path="all-users" element={lazyPage(() => import('../features/users/UsersListPage'), 'UsersListPage')} />
          <Route path="users-activity/:id" element={lazyPage(() => import('../features/activity/UserActivityPage'), 'UserActivityPage')} />
          <Route path="users/:id" element={lazyPage(() => import('../features/users/UserStoryPage'), 'UserStoryPage')} />
          <Route path="admins" element={lazyPage(() => import('../features/admins/AdminsPage'), 'AdminsPage')} />
          <Route path="audit-log" element={lazyPage(() => import('../features/audit/AuditLogPage'), 'AuditLogPage')} />
          <Route path="security" element={lazyPage(() => import('../features/security/SecurityPage'), 'SecurityPage')} />
          <Route path="*" element={<p className="text-slate-700">Page not found.</p>} />
        </Route>
      </Routes>
      {children}
    </BrowserRouter>
  );
}
