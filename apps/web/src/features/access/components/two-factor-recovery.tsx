import { TWO_FACTOR_RECOVERY_DAYS, verificationCodeSchema } from '@portal/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSendRecoveryCode, useStartRecovery } from '../api/two-factor-recovery.ts';

const recoveryCodeFormSchema = z.object({ verificationCode: verificationCodeSchema });

export interface TwoFactorRecoveryProps {
  challenge: string;
  /** Back to the second step, or, once the wait has started, to the password. */
  onBack: () => void;
  onRestart: () => void;
}

/**
 * The way out for a partner with neither the authenticator app nor a recovery code: a code mailed to the account's
 * address starts a wait of `TWO_FACTOR_RECOVERY_DAYS` days, after which two-step sign-in turns off, unless it is
 * cancelled from a signed-in session meanwhile (see docs/decisions/2026-11-28-second-factors.md).
 */
export function TwoFactorRecovery({ challenge, onBack, onRestart }: TwoFactorRecoveryProps) {
  const send = useSendRecoveryCode();
  const start = useStartRecovery();
  const [isSent, setSent] = useState(false);
  const [dueAt, setDueAt] = useState<string>();
  const form = useZodForm({
    schema: recoveryCodeFormSchema,
    initialValues: { verificationCode: '' },
    onSubmit: async ({ verificationCode }) => {
      try {
        setDueAt((await start.mutateAsync({ challenge, verificationCode })).dueAt);
      } catch (error) {
        // five minutes after the password, the sign-in is over: its message says to sign in again
        if (isApiError(error, 'TwoFactorChallengeExpired')) onRestart();
        throw error;
      }
    },
  });

  if (dueAt) {
    return (
      <section className="card form" aria-labelledby="recovery-title">
        <h2 id="recovery-title" className="form__title">
          Two-step sign-in turns off on {formatDateTime(dueAt)}
        </h2>
        <div className="alert alert--info" role="status">
          We mailed you the date. Until then your account still asks for a code: if you find your phone or a recovery
          code, sign in as usual. If it was not you, sign in elsewhere and cancel the request on the Security page.
        </div>
        <div className="form__actions">
          <Button onClick={onRestart} isThrottled={false}>
            Back to sign in
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form
      ref={form.formRef}
      className="card form"
      onSubmit={form.handleSubmit}
      noValidate
      aria-labelledby="recovery-title"
    >
      <h2 id="recovery-title" className="form__title">
        Lost your authenticator app and recovery codes?
      </h2>
      <p className="form__intro">
        We can turn two-step sign-in off for you. To keep someone who only knows your password out, it takes two things:
        a code we email to your account’s address, and a wait of {TWO_FACTOR_RECOVERY_DAYS} days, during which you can
        cancel the request from any signed-in session.
      </p>
      {isSent ? (
        <InputField
          form={form}
          name="verificationCode"
          label="Code from the email"
          isRequired
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
        />
      ) : null}
      <div className="form__actions form__actions--split">
        {isSent ? (
          <Button type="submit" isLoading={form.isSubmitting}>
            Start the {TWO_FACTOR_RECOVERY_DAYS}-day wait
          </Button>
        ) : (
          <Button
            isLoading={send.isPending}
            onClick={() =>
              // a refusal (too soon, an ended sign-in) is reported by the query client
              send
                .mutateAsync({ challenge })
                .then(() => setSent(true))
                .catch((error: unknown) => {
                  if (isApiError(error, 'TwoFactorChallengeExpired')) onRestart();
                })
            }
          >
            Email me a code
          </Button>
        )}
        <Button variant="ghost" onClick={onBack} isThrottled={false}>
          Back
        </Button>
      </div>
    </form>
  );
}
