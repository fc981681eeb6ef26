import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideNavigation } from './guard';
import { useServices, useSessionToken } from './services';
import { NavigationProgress } from './shell/NavigationProgress';
import { ScrollToTop } from './shell/ScrollToTop';

/** The authentication guard of spec 000 §2.5 around every route. */
function RouteGuard() {
  const token = useSessionToken();
  const { session } = useServices();
  const mustChangePassword = useSyncExternalStore(session.subscribe, () => session.getLoginInfo()?.mustChangePassword ?? false);
  const location = useLocation();
  // The end reason changes together with the token, so reading it during this render is consistent.
  const decision = decideNavigation(location, {
    hasToken: token !== null,
    signedOut: session.getEnd() === 'signedOut',
    mustChangePassword,
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <ScrollToTop />
      <RouteGuard />
    </>
  );
}
