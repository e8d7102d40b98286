import { paymentMessages } from '@portal/contracts/messages';
import { CONNECT_PAYOUT_ACCOUNT_PATH, LOGIN_PATH } from '@portal/contracts/pages';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '../components/toast.tsx';
import { useProfile } from '../features/access/api/get-profile.ts';
import { useCurrentStudio } from '../features/team/api/list-studios.ts';
import { NotAllowed } from '../features/team/components/not-allowed.tsx';
import { useIsHydrated } from '../lib/hydration.ts';
import { useToken } from '../lib/session.ts';
import { allows, type PagePermission } from '../lib/studio-role.ts';
import { type Guard, IS_ABROAD_ONLY_ACTIVE } from './routes.tsx';

function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return children;
}

function RequireConnectedAccount({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const warned = useRef(false);
  const isConnected = profile.data?.connectedToStripe === true;
  const mustLeave = profile.isError || (profile.isSuccess && !isConnected);
  useEffect(() => {
    if (!mustLeave || warned.current) return;
    warned.current = true;
    toast.warning(paymentMessages.connectFirst);
    navigate(CONNECT_PAYOUT_ACCOUNT_PATH, { replace: true });
  }, [mustLeave, navigate]);
  if (!isConnected) return <div className="page-loading" aria-busy="true" />;
  return children;
}

const NOT_AN_ADMIN = 'The review console is for the Lumora review team.';

function RequireAdmin({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const mustLeave = profile.isError || (profile.isSuccess && profile.data.role !== 'Admin');
  useEffect(() => {
    if (!mustLeave) return;
    toast.warning(NOT_AN_ADMIN);
    navigate('/', { replace: true });
  }, [mustLeave, navigate]);
  if (profile.data?.role !== 'Admin') return <div className="page-loading" aria-busy="true" />;
  return children;
}

function RequireHome({ children }: { children: ReactNode }) {
  if (IS_ABROAD_ONLY_ACTIVE) return <Navigate to="/" replace />;
  return children;
}

/**
 * A page the role in the studio the tab acts in may not use says so, with a way back, rather than failing its calls.
 * Signed out, the page shows (its own signed-out view, or the sign-in guard before this one has moved on).
 */
function RequireStudioPermission({ permission, children }: { permission: PagePermission; children: ReactNode }) {
  const isHydrated = useIsHydrated();
  const token = useToken();
  const { studio, isPending, isError } = useCurrentStudio();
  // the prerendered page and its hydration know nothing of the session: the page as it was written
  if (!isHydrated || !token || isError) return children;
  if (isPending || !studio) return <div className="page-loading" aria-busy="true" />;
  return allows(studio.role, permission) ? children : <NotAllowed studio={studio} />;
}

const wrappers: Record<Guard, (props: { children: ReactNode }) => ReactNode> = {
  auth: RequireAuth,
  connected: RequireConnectedAccount,
  abroadOnly: RequireHome,
  admin: RequireAdmin,
};

/**
 * Applies a route's guards in order: sign-in first, then the role in the studio (`permission`), then the connected
 * payout account.
 */
export function Guarded({
  guards,
  permission,
  children,
}: {
  guards: Guard[];
  permission?: PagePermission;
  children: ReactNode;
}) {
  const [first, ...rest] = guards;
  const isSignInFirst = first === 'auth';
  const inner = (isSignInFirst ? rest : guards).reduceRight<ReactNode>((wrapped, guard) => {
    const Wrapper = wrappers[guard];
    return <Wrapper key={guard}>{wrapped}</Wrapper>;
  }, children);
  const allowed = permission ? (
    <RequireStudioPermission key="permission" permission={permission}>
      {inner}
    </RequireStudioPermission>
  ) : (
    inner
  );
  return isSignInFirst ? <RequireAuth key="auth">{allowed}</RequireAuth> : allowed;
}
