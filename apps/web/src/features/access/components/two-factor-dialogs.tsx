import { type TotpSetupResponse, totpDisableBodySchema, totpEnableBodySchema } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog, DialogActions } from '../../../components/dialog.tsx';
import { CurrentPasswordField } from '../../../components/form/sign-in-fields.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { FIELD_REFUSALS, useDisableTotp, useEnableTotp, useNewRecoveryCodes, useSetupTotp } from '../api/two-factor.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

interface TwoFactorDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The account's email: the authenticator app's label and the recovery codes file's heading. */
  email: string;
}

/**
 * Shows a wrong code or password under its field (a toast could cover a phone's dialog); rethrows anything else, for
 * the query client to report.
 */
function showRefusal<F extends string>(
  form: { setFieldError: (name: F, message: string) => void },
  fields: readonly F[],
  error: unknown,
) {
  const field = isApiError(error) ? FIELD_REFUSALS[error.errorCode as keyof typeof FIELD_REFUSALS] : undefined;
  if (!field || !(fields as readonly string[]).includes(field)) throw error;
  form.setFieldError(field as F, (error as Error).message);
}

/** The code field every dialog here asks for, as an authenticator app fills it. */
function CodeField({ form, label }: { form: Parameters<typeof InputField<'code'>>[0]['form']; label: string }) {
  return (
    <InputField
      form={form}
      name="code"
      label={label}
      isRequired
      autoComplete="one-time-code"
      inputMode="numeric"
      spellCheck={false}
    />
  );
}

/** The footer once recovery codes are on screen: closing says they were kept. */
function SavedCodesFooter({ onDone }: { onDone: () => void }) {
  return (
    <div className="dialog__footer button-row">
      <Button onClick={onDone} isThrottled={false}>
        I have saved my codes
      </Button>
    </div>
  );
}

/** A base32 secret in groups of four, as authenticator apps show a key to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ScanAndConfirm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTotp();
  const form = useZodForm({
    schema: totpEnableBodySchema,
    initialValues: { code: '' },
    onSubmit: async (body) => {
      try {
        onEnabled((await enable.mutateAsync(body)).recoveryCodes);
      } catch (error) {
        showRefusal(form, ['code'], error);
      }
    },
  });
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} aria-label="Set up an authenticator app">
      <div className="dialog__body security-dialog">
        <p>
          <strong>1.</strong> Scan this QR code with an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password, Authy or any app for 6-digit codes).
        </p>
        <img
          className="totp-setup__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code of your account's authenticator key"
          width={200}
          height={200}
        />
        <p className="field__hint">
          Cannot scan it? Enter this key in the app instead:{' '}
          <code className="totp-setup__secret">{grouped(setup.secret)}</code>
        </p>
        <p>
          <strong>2.</strong> Enter the code the app shows for “Lumora Partner Portal”.
        </p>
        <CodeField form={form} label="Authentication code" />
      </div>
      <DialogActions submitLabel="Turn on" onCancel={onCancel} isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** Sets up an authenticator app: a new key to scan, its first code turns it on, then the recovery codes. */
export function SetupTotpDialog({ isOpen, onClose, email }: TwoFactorDialogProps) {
  return (
    <Dialog isOpen={isOpen} title="Set up an authenticator app" onClose={onClose}>
      <SetupTotp email={email} onClose={onClose} />
    </Dialog>
  );
}

function SetupTotp({ email, onClose }: { email: string; onClose: () => void }) {
  const setup = useSetupTotp();
  const [codes, setCodes] = useState<string[]>();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup.mutate();
  }, [setup.mutate]);

  if (codes) {
    return (
      <>
        <div className="dialog__body security-dialog">
          <div className="alert alert--success" role="status">
            <strong>Two-step sign-in is on.</strong> From now on, signing in asks for a code after your password.
          </div>
          <RecoveryCodes email={email} codes={codes} />
        </div>
        <SavedCodesFooter onDone={onClose} />
      </>
    );
  }
  if (!setup.data) {
    return (
      <div className="dialog__body">
        {setup.isError ? (
          <div className="alert alert--error" role="alert">
            The setup could not start. Close this window and try again.
          </div>
        ) : (
          <div className="page-loading" aria-busy="true" />
        )}
      </div>
    );
  }
  return <ScanAndConfirm setup={setup.data} onCancel={onClose} onEnabled={setCodes} />;
}

/** A new set of recovery codes for a current code: the earlier ones stop working. */
export function NewRecoveryCodesDialog({ isOpen, onClose, email }: TwoFactorDialogProps) {
  return (
    <Dialog isOpen={isOpen} title="New recovery codes" onClose={onClose}>
      <NewRecoveryCodes email={email} onClose={onClose} />
    </Dialog>
  );
}

function NewRecoveryCodes({ email, onClose }: { email: string; onClose: () => void }) {
  const renew = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[]>();
  const form = useZodForm({
    schema: totpEnableBodySchema,
    initialValues: { code: '' },
    onSubmit: async (body) => {
      try {
        setCodes((await renew.mutateAsync(body)).recoveryCodes);
      } catch (error) {
        showRefusal(form, ['code'], error);
      }
    },
  });
  if (codes) {
    return (
      <>
        <div className="dialog__body security-dialog">
          <RecoveryCodes email={email} codes={codes} />
        </div>
        <SavedCodesFooter onDone={onClose} />
      </>
    );
  }
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} aria-label="New recovery codes">
      <div className="dialog__body">
        <p>Your current recovery codes stop working as soon as the new ones are made.</p>
        <CodeField form={form} label="Code from your authenticator app" />
      </div>
      <DialogActions submitLabel="Make new codes" onCancel={onClose} isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** Turns two-step sign-in off with the password and a current code. */
export function TurnOffTotpDialog({ isOpen, onClose, email }: TwoFactorDialogProps) {
  return (
    <Dialog isOpen={isOpen} title="Turn off two-step sign-in" onClose={onClose}>
      <TurnOffTotp email={email} onClose={onClose} />
    </Dialog>
  );
}

function TurnOffTotp({ email, onClose }: { email: string; onClose: () => void }) {
  const disable = useDisableTotp();
  const form = useZodForm({
    schema: totpDisableBodySchema,
    initialValues: { password: '', code: '' },
    onSubmit: async (body) => {
      try {
        await disable.mutateAsync(body);
      } catch (error) {
        showRefusal(form, ['password', 'code'], error);
        return;
      }
      toast.success('Two-step sign-in is off');
      onClose();
    },
  });
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} aria-label="Turn off two-step sign-in">
      <div className="dialog__body security-dialog">
        <div className="alert alert--warning" role="status">
          Your password alone will sign in to your account, and your recovery codes stop working. We mail you that it
          was turned off.
        </div>
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <CurrentPasswordField form={form} name="password" label="Password" />
        <CodeField form={form} label="Code from your authenticator app" />
      </div>
      <DialogActions submitLabel="Turn off" variant="danger" onCancel={onClose} isSubmitting={form.isSubmitting} />
    </form>
  );
}
