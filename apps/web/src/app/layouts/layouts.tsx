import { LOGIN_PATH, MY_PROJECTS_PATH, SECURITY_PATH } from '@portal/contracts/pages';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay.tsx';
import { Toaster, toast } from '../../components/toast.tsx';
import { profileQueryKey, useProfile } from '../../features/access/api/get-profile.ts';
import { studiosQueryRoot, useCurrentStudio } from '../../features/team/api/list-studios.ts';
import { SESSION_EXPIRED_MESSAGE, setSecondFactorSetupHandler, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { useLeaveGuardHost } from '../../lib/leave-guard-host.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { setStudioLostHandler, studioChoice, useChosenStudioId } from '../../lib/studio.ts';
import { StudioRoleContext } from '../../lib/studio-role.ts';
import { Banner } from './banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { documentTitle, useCurrentRoute } from './use-current-route.ts';

/** Asks a signed-in partner for a fresh second factor where a change needs one: loaded once signed in. */
const StepUpHost = lazy(() => import('./step-up-host.tsx'));
/** A signed-in person's open invitations to studios: loaded once signed in. */
const InvitationNotice = lazy(() => import('../../features/team/components/invitation-notice.tsx'));

/** What a signed-in person is asked above every page. */
function SignedInNotices() {
  const isSignedIn = useIsSignedIn();
  return isSignedIn ? (
    <Suspense fallback={null}>
      <InvitationNotice />
    </Suspense>
  ) : null;
}

/** What the tab says when the studio it acted in has let the person go. */
export const STUDIO_LOST_MESSAGE = 'You are no longer a member of that studio: this tab is back in your own.';

/** The cached queries that are the person's, not a studio's: they outlive a change of studio. */
const PERSONAL_QUERIES = new Set<unknown>([profileQueryKey(null)[0], studiosQueryRoot[0]]);

/**
 * Everything every page shares: toasts, the loading overlay, the page title, the 401 behaviour, the studio the tab
 * acts in, and Back and Forward heard before the router (a page may ask before it is left).
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { title } = useCurrentRoute();
  const isSignedIn = useIsSignedIn();
  const studioId = useChosenStudioId();
  const { studio } = useCurrentStudio();
  // restores the session on load: a stored token is checked by fetching the profile (a 401 signs out)
  useProfile();
  useLeaveGuardHost();

  // another studio: nothing of the last one's stays in the cache (dropped before the pages render again, below)
  useEffect(
    () =>
      studioChoice.subscribe(() =>
        queryClient.removeQueries({ predicate: (query) => !PERSONAL_QUERIES.has(query.queryKey[0]) }),
      ),
    [queryClient],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      toast.error(SESSION_EXPIRED_MESSAGE, { key: SESSION_EXPIRED_MESSAGE });
      queryClient.removeQueries({ queryKey: ['profile'] });
      navigate(LOGIN_PATH);
    });
    setStudioLostHandler(() => {
      toast.warning(STUDIO_LOST_MESSAGE, { key: STUDIO_LOST_MESSAGE });
      void queryClient.invalidateQueries({ queryKey: studiosQueryRoot });
      navigate(MY_PROJECTS_PATH, { replace: true });
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
    <StudioRoleContext value={isSignedIn ? studio?.role : undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* one boundary above the layouts: a navigation keeps the page on screen until the next one's code is in */}
      <Suspense fallback={null}>
        {/* every page starts over in another studio: none keeps what it held of the last one */}
        <Fragment key={studioId ?? ''}>
          <Outlet />
        </Fragment>
      </Suspense>
      <Toaster />
      <LoadingOverlay />
      {isSignedIn ? (
        <Suspense fallback={null}>
          <StepUpHost />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </StudioRoleContext>
  );
}

/** The regular frame: header, banner with breadcrumb, page in a container, footer. */
export function FrameLayout() {
  const { route, title } = useCurrentRoute();
  return (
    <div className="layout layout--frame">
      <Header variant="solid" />
      {route?.hasBanner ? <Banner route={route} title={title} /> : null}
      <SignedInNotices />
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
      <SignedInNotices />
      <main id="main" className="page page--full">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
