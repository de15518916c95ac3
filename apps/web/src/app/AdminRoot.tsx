import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/queryClient';
import { AdminLayout } from './AdminLayout';
import { AuthGuard } from './AuthGuard';

// One cache for the guarded part of the app; loaded after sign-in with the data layer.
const queryClient = createQueryClient();

/** The guarded shell: data layer, session check, layout. */
export function AdminRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthGuard>
        <AdminLayout />
      </AuthGuard>
    </QueryClientProvider>
  );
}
