import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { setUnauthorizedHandler } from '../lib/apiClient';
import { createQueryClient } from '../lib/queryClient';
import { sessionActions } from '../lib/session';
import { TOAST_LIMIT } from '../lib/toast';
import { router } from './router';

// Any 401 clears the session; the guard then sends the admin to /sign-in (DESIGN.md decision 4).
setUnauthorizedHandler(() => {
  sessionActions.clear();
  if (!window.location.pathname.startsWith('/sign-in')) void router.navigate('/sign-in', { replace: true });
});

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="top-right" visibleToasts={TOAST_LIMIT} richColors closeButton />
    </QueryClientProvider>
  );
}
