import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/ui';
import { screenList, screens, type ScreenId } from '../config/screens';
import { SignInPage } from '../features/auth/SignInPage';

/** Each screen is its own chunk, so the sign-in page does not carry them. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactElement {
  const Page: ComponentType = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

/** The page of each screen of config/screens: a screen without one does not compile. */
const PAGES: Record<ScreenId, ReactElement> = {
  dashboard: lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  analytics: lazyPage(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage'),
  utes: lazyPage(() => import('../features/utes/UteListPage'), 'UteListPage'),
  jobs: lazyPage(() => import('../features/jobs/JobListPage'), 'JobListPage'),
  uteBookings: lazyPage(() => import('../features/bookings/UteBookingsPage'), 'UteBookingsPage'),
  jobBookings: lazyPage(() => import('../features/bookings/JobBookingsPage'), 'JobBookingsPage'),
  quotes: lazyPage(() => import('../features/quotes/QuotesPage'), 'QuotesPage'),
  shipment: lazyPage(() => import('../features/quotes/ShipmentPage'), 'ShipmentPage'),
  users: lazyPage(() => import('../features/users/UsersListPage'), 'UsersListPage'),
  user: lazyPage(() => import('../features/users/UserStoryPage'), 'UserStoryPage'),
  userActivity: lazyPage(() => import('../features/activity/UserActivityPage'), 'UserActivityPage'),
  payments: lazyPage(() => import('../features/payments/PaymentHistoryPage'), 'PaymentHistoryPage'),
  queries: lazyPage(() => import('../features/queries/QueriesPage'), 'QueriesPage'),
  changePassword: lazyPage(() => import('../features/auth/ChangePasswordPage'), 'ChangePasswordPage'),
  blogs: lazyPage(() => import('../features/blogs/BlogsPage'), 'BlogsPage'),
  faq: lazyPage(() => import('../features/faq/FaqPage'), 'FaqPage'),
  admins: lazyPage(() => import('../features/admins/AdminsPage'), 'AdminsPage'),
  auditLog: lazyPage(() => import('../features/audit/AuditLogPage'), 'AuditLogPage'),
  security: lazyPage(() => import('../features/security/SecurityPage'), 'SecurityPage'),
  balances: lazyPage(() => import('../features/ledger/BalancesPage'), 'BalancesPage'),
  ownerLedger: lazyPage(() => import('../features/ledger/OwnerLedgerPage'), 'OwnerLedgerPage'),
  settings: lazyPage(() => import('../features/settings/PlatformFeesPage'), 'PlatformFeesPage'),
  webhooks: lazyPage(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage'),
  reconciliation: lazyPage(() => import('../features/reconciliation/ReconciliationPage'), 'ReconciliationPage'),
  reconciliationRun: lazyPage(() => import('../features/reconciliation/ReconciliationRunPage'), 'ReconciliationRunPage'),
  disputes: lazyPage(() => import('../features/disputes/DisputesPage'), 'DisputesPage'),
  payoutBatches: lazyPage(() => import('../features/batches/PayoutBatchesPage'), 'PayoutBatchesPage'),
  payoutBatch: lazyPage(() => import('../features/batches/PayoutBatchPage'), 'PayoutBatchPage'),
  refunds: lazyPage(() => import('../features/refunds/RefundsPage'), 'RefundsPage'),
  signIn: <SignInPage />,
  forgetPassword: lazyPage(() => import('../features/auth/ForgetPasswordPage'), 'ForgetPasswordPage'),
  otp: lazyPage(() => import('../features/auth/OtpPage'), 'OtpPage'),
  resetPassword: lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
  acceptInvite: lazyPage(() => import('../features/admins/AcceptInvitePage'), 'AcceptInvitePage'),
};

/** The signed-in shell: data layer, session check, layout. */
const ADMIN_ROOT = lazyPage(() => import('./AdminRoot'), 'AdminRoot');

/**
 * Declarative routes: the app uses no loaders or actions, and the data router would add about
 * 17 kB gzip to the JS the sign-in page loads. `children` render beside the routes, inside the
 * router (the toasts, whose texts may link to a screen).
 */
export function AppRoutes({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <Routes>
        {screenList
          .filter((screen) => screen.isPublic)
          .map((screen) => (
            <Route key={screen.id} path={screen.path} element={PAGES[screen.id]} />
          ))}
        <Route path="/login" element={<Navigate to={screens.signIn.path} replace />} />
        <Route path="/" element={ADMIN_ROOT}>
          {screenList
            .filter((screen) => !screen.isPublic)
            .map((screen) =>
              screen.path === '/' ? (
                <Route key={screen.id} index element={PAGES[screen.id]} />
              ) : (
                <Route key={screen.id} path={screen.path.slice(1)} element={PAGES[screen.id]} />
              ),
            )}
          <Route path="*" element={<p className="text-slate-700">Page not found.</p>} />
        </Route>
      </Routes>
      {children}
    </BrowserRouter>
  );
}
