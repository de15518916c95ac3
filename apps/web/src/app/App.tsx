import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../lib/apiClient';
import { sessionActions } from '../lib/session';
import { TOAST_LIMIT } from '../lib/toast';
import { router } from './router';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

// Any 401 clears the session and sends the admin to /sign-in (DESIGN.md decision 4).
setUnauthorizedHandler(() => {
  sessionActions.clear();
  if (!window.location.pathname.startsWith('/sign-in')) void router.navigate('/sign-in', { replace: true });
});

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster position="top-right" visibleToasts={TOAST_LIMIT} closeButton />
      </Suspense>
    </>
  );
}
