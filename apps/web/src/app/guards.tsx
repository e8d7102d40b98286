import { paymentMessages } from '@portal/contracts/messages';
import { CONNECT_PAYOUT_ACCOUNT_PATH, LOGIN_PATH } from '@portal/contracts/pages';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '../components/toast.tsx';
import { useProfile } from '../features/access/api/get-profile.ts';
import { useToken } from '../lib/session.ts';
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

const wrappers: Record<Guard, (props: { children: ReactNode }) => ReactNode> = {
  auth: RequireAuth,
  connected: RequireConnectedAccount,
  abroadOnly: RequireHome,
  admin: RequireAdmin,
};

/** Applies a route's guards in order: sign-in first, then the connected payout account. */
export function Guarded({ guards, children }: { guards: Guard[]; children: ReactNode }) {
  return guards.reduceRight<ReactNode>((inner, guard) => {
    const Wrapper = wrappers[guard];
    return <Wrapper key={guard}>{inner}</Wrapper>;
  }, children);
}
