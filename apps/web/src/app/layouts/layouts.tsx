import { LOGIN_PATH, SECURITY_PATH } from '@portal/contracts/pages';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { Toaster, toast } from '../../components/toast.tsx';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { SESSION_EXPIRED_MESSAGE, setSecondFactorSetupHandler, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { useLeaveGuardHost } from '../../lib/leave-guard-host.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { Banner } from './banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { documentTitle, useCurrentRoute } from './use-current-route.ts';

/** Asks a signed-in partner for a fresh second factor where a change needs one: loaded once signed in. */
const StepUpHost = lazy(() => import('./step-up-host.tsx'));

/**
 * Everything every page shares: toasts, the loading overlay, the page title, the 401 behaviour, and Back and Forward
 * heard before the router (a page may ask before it is left).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { title } = useCurrentRoute();
  const isSignedIn = useIsSignedIn();
  // restores the session on load: a stored token is checked by fetching the profile (a 401 signs out)
  useProfile();
  useLeaveGuardHost();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      toast.error(SESSION_EXPIRED_MESSAGE, { key: SESSION_EXPIRED_MESSAGE });
      queryClient.removeQueries({ queryKey: ['profile'] });
      navigate(LOGIN_PATH);
    });
    // ADMIN_REQUIRE_2FA: the review console waits until the admin's second factor is on
    setSecondFactorSetupHandler((message) => {
      toast.warning(message, { key: message });
      navigate(SECURITY_PATH, { replace: true });
    });
  }, [navigate, queryClient]);

  // an error stays until dismissed, but this one no longer holds once the partner signs in again
  useEffect(() => {
    if (isSignedIn) toast.dismiss(SESSION_EXPIRED_MESSAGE);
  }, [isSignedIn]);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* one boundary above the layouts: a navigation keeps the page on screen until the next one's code is in */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Toaster />
      <LoadingOverlay />
      {isSignedIn ? (
        <Suspense fallback={null}>
          <StepUpHost />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}

/** The regular frame: header, banner with breadcrumb, page in a container, footer. */
export function FrameLayout() {
  const { route, title } = useCurrentRoute();
  return (
    <div className="layout layout--frame">
      <Header variant="solid" />
      {route?.hasBanner ? <Banner route={route} title={title} /> : null}
      <main id="main" className="container page">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** The full-page layout: the page owns the whole width. */
export function FullLayout() {
  const { route, title } = useCurrentRoute();
  return (
    <div className="layout layout--full">
      <Header variant={route?.path === '/' ? 'overlay' : 'solid'} />
      {route?.hasBanner ? <Banner route={route} title={title} /> : null}
      <main id="main" className="page page--full">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
