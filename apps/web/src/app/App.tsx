import { lazy, Suspense } from 'react';
import { setUnauthorizedHandler } from '../lib/apiClient';
import { sessionActions } from '../lib/session';
import { TOAST_LIMIT } from '../lib/toast';
import { AppRoutes } from './router';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// Any 401 clears the session; AuthGuard then sends the admin to /sign-in (docs/design.md decision 4).
setUnauthorizedHandler(() => sessionActions.clear());

export function App() {
  return (
    <AppRoutes>
      <Suspense fallback={null}>
        <Toaster position="top-right" visibleToasts={TOAST_LIMIT} closeButton />
      </Suspense>
    </AppRoutes>
  );
}
