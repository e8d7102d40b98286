import { CONNECT_PAYOUT_ACCOUNT_PATH, MY_PROJECTS_PATH, paymentMessages } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmConnect } from '../api/confirm-connect.ts';

type Outcome = { status: 'connecting' } | { status: 'connected' } | { status: 'failed'; reason: string };

const DENIED = 'The connection was declined on Stripe.';

export default function StripeConnectedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmConnect();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'connecting' });
  const started = useRef(false);
  const stay = params.has('stay') && params.get('stay') !== 'false';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const fail = (reason: string) => {
      setOutcome({ status: 'failed', reason });
      if (!stay) {
        toast.error(paymentMessages.connectFailed);
        navigate(CONNECT_PAYOUT_ACCOUNT_PATH, { replace: true });
      }
    };
    if (params.get('error') || !code) {
      fail(
        params.get('error') === 'access_denied' ? DENIED : (params.get('error_description') ?? 'No code came back.'),
      );
      return;
    }
    confirm
      .mutateAsync({ code, scope: params.get('scope') ?? 'read_write', state: params.get('state') ?? undefined })
      .then(() => {
        toast.success(paymentMessages.connected);
        setOutcome({ status: 'connected' });
        if (!stay) navigate('/start-submission', { replace: true });
      })
      .catch((err: unknown) => fail(err instanceof ApiError ? err.message : 'Error'));
  }, [confirm, navigate, params, stay]);

  return (
    <div className="narrow-form">
      <section className="card payout-card" aria-live="polite">
        {outcome.status === 'connecting' ? (
          <div className="connecting">
            <div className="spinner" aria-hidden="true" />
            <h2>Connecting your Stripe account…</h2>
            <p>This takes a few seconds. Please keep this page open.</p>
          </div>
        ) : outcome.status === 'connected' ? (
          <>
            <p className="status-pill status-pill--success">Account connected</p>
            <h2>{paymentMessages.connected}</h2>
            <div className="button-row">
              <Link className="btn btn--primary btn--lg" to="/start-submission">
                Start Submission
              </Link>
              <Link className="btn btn--secondary btn--lg" to={MY_PROJECTS_PATH}>
                My Projects
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="status-pill status-pill--error">Not connected</p>
            <h2>{paymentMessages.connectFailed}</h2>
            <p>{outcome.reason}</p>
            <Link className="btn btn--primary btn--lg" to="/stripe">
              Try again
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
