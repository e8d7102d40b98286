import type { TwoFactorStatus } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { LoadFailed } from '../../../components/paged-table.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { toast } from '../../../components/toast.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useProfile } from '../api/get-profile.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { useCancelRecovery } from '../api/two-factor-recovery.ts';
import { PasskeysCard } from '../components/passkeys-card.tsx';
import { RecoveryCodesLeft } from '../components/recovery-codes.tsx';
import { NewRecoveryCodesDialog, SetupTotpDialog, TurnOffTotpDialog } from '../components/two-factor-dialogs.tsx';
import '../security.css';

type OpenDialog = 'setup' | 'recoveryCodes' | 'turnOff' | null;

/** A request to turn two-step sign-in off by email, waiting: the partner may cancel it from here. */
function PendingRecovery({ dueAt }: { dueAt: string }) {
  const cancel = useCancelRecovery();
  return (
    <div className="alert alert--warning security__recovery" role="status">
      <p>
        <strong>Two-step sign-in turns off on {formatDateTime(dueAt)}.</strong> Someone who knew your password and could
        read your email asked for it, saying the authenticator app and the recovery codes were lost. If it was not you,
        cancel the request and change your password.
      </p>
      <Button
        variant="secondary"
        isLoading={cancel.isPending}
        onClick={() =>
          cancel
            .mutateAsync()
            .then(() => toast.success('The request was cancelled: two-step sign-in stays on'))
            .catch(() => undefined)
        }
      >
        Cancel the request
      </Button>
    </div>
  );
}

function AuthenticatorCard({ status, onOpen }: { status: TwoFactorStatus; onOpen: (dialog: OpenDialog) => void }) {
  return (
    <section className="card security-card" aria-labelledby="authenticator-title">
      <div className="security-card__heading">
        <h2 id="authenticator-title" className="form__title">
          Authenticator app
        </h2>
        <StatusPill tone={status.totpEnabled ? 'success' : 'neutral'}>{status.totpEnabled ? 'On' : 'Off'}</StatusPill>
      </div>
      {status.recoveryDueAt ? <PendingRecovery dueAt={status.recoveryDueAt} /> : null}
      {status.totpEnabled ? (
        <>
          <p>
            Signing in asks for a code from your authenticator app after your password, on this portal and on the game
            server. Turned on {formatDate(status.enabledAt)}.
          </p>
          <RecoveryCodesLeft left={status.recoveryCodesLeft} />
          <div className="button-row">
            <Button variant="secondary" onClick={() => onOpen('recoveryCodes')} isThrottled={false}>
              New recovery codes
            </Button>
            <Button variant="danger" onClick={() => onOpen('turnOff')} isThrottled={false}>
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>
            Protect your unreleased builds and your payouts with a second step: after your password, a 6-digit code from
            an app on your phone. Setting it up takes a minute.
          </p>
          <div className="button-row">
            <Button onClick={() => onOpen('setup')} isThrottled={false}>
              Set up authenticator app
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Security: two-step sign-in with an authenticator app, and its recovery codes. */
export default function SecurityPage() {
  const profile = useProfile();
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  if (status.isError) return <LoadFailed what="Your security settings" onRetry={() => void status.refetch()} />;
  if (!status.data || !profile.data) return <div className="page-loading" aria-busy="true" />;
  const email = profile.data.email;
  return (
    <div className="narrow-form">
      <section className="page-heading">
        <div>
          <h2>Two-step sign-in</h2>
          <p className="page-heading__intro">
            With two-step sign-in on, your password alone no longer opens your account: whoever signs in also needs your
            phone, or one of your recovery codes.
          </p>
        </div>
      </section>
      <AuthenticatorCard status={status.data} onOpen={setDialog} />
      <PasskeysCard />
      <SetupTotpDialog isOpen={dialog === 'setup'} onClose={close} email={email} />
      <NewRecoveryCodesDialog isOpen={dialog === 'recoveryCodes'} onClose={close} email={email} />
      <TurnOffTotpDialog isOpen={dialog === 'turnOff'} onClose={close} email={email} />
    </div>
  );
}
