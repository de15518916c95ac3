import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../components/ui';
import { screens } from '../config/screens';
import { checkToken } from '../features/auth/api';
import { queryKeys } from '../lib/queryKeys';
import { sessionActions, useSession } from '../lib/session';
import { StepUpDialog } from './StepUpDialog';

/** The one screen open to an admin who must set up 2FA (the owners require it). */
const ENROLMENT_PATH = screens.security.path;

/**
 * Checks the session against the server before anything renders; sends a visitor to /sign-in, and
 * an admin who must set up 2FA to the Security screen from every other one. Hosts the step-up dialog.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const token = useSession((session) => session.token);
  const isAuthorized = useSession((session) => session.isAuthorized);
  const mustEnrol = useSession((session) => session.user?.mustEnrolTwoFactor === true);
  const session = useQuery({ queryKey: queryKeys.session(token), queryFn: checkToken, enabled: Boolean(token), retry: false, staleTime: Infinity, gcTime: 0 });

  useEffect(() => {
    if (session.isSuccess) {
      sessionActions.updateUser(session.data.user);
      sessionActions.setIsAuthorized(true);
    } else if (session.isError) {
      sessionActions.clear();
    }
  }, [session.isSuccess, session.isError, session.data]);

  if (!token) return <Navigate to={screens.signIn.path} replace state={{ from: location.pathname }} />;
  if (session.isError) return <Navigate to={screens.signIn.path} replace />;
  if (!isAuthorized) return <Spinner label="Checking your session" />;
  if (mustEnrol && location.pathname !== ENROLMENT_PATH) return <Navigate to={ENROLMENT_PATH} replace />;
  return (
    <>
      {children}
      <StepUpDialog />
    </>
  );
}
