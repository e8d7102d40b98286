import {
  accessMessages,
  CODE_RESEND_SECONDS,
  CODE_VALID_MINUTES,
  confirmPasswordSchema,
  emailSchema,
  newPasswordSchema,
  VERIFICATION_CODE_LENGTH,
  verificationCodeSchema,
} from '@portal/contracts';
import { LOGIN_PATH } from '@portal/contracts/pages';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/form/field.tsx';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from '../components/account-fields.tsx';
import { passwordsMatch } from '../components/passwords-match.ts';
import { SendCodeButton } from '../components/send-code-button.tsx';

const emailStepSchema = z.object({ email: emailSchema });

const resetStepSchema = z.object({
  verificationCode: verificationCodeSchema,
  password: newPasswordSchema,
  confirmPassword: confirmPasswordSchema,
});

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useZodForm({ schema: emailStepSchema, initialValues: { email: '' }, onSubmit: () => {} });
  return (
    <form ref={form.formRef} className="card form" noValidate onSubmit={form.handleSubmit}>
      <h2 className="form__title">Step 1: your email</h2>
      <p className="form__intro">We will mail you a 6-digit code to confirm it is you.</p>
      <InputField form={form} name="email" label="Email" isRequired type="email" autoComplete="username" />
      <div className="form__actions form__actions--split">
        <SendCodeButton
          purpose="ResetPassword"
          getValidEmail={async () => ((await form.validateField('email')) ? form.values.email.trim() : undefined)}
          onSent={onSent}
        />
        <Link className="btn btn--ghost btn--md" to="/login">
          Back to Login
        </Link>
      </div>
    </form>
  );
}

function ResetStep({ email }: { email: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useZodForm({
    schema: resetStepSchema,
    initialValues: { verificationCode: '', password: '', confirmPassword: '' },
    crossCheck: passwordsMatch,
    onSubmit: async ({ verificationCode, password }) => {
      await resetPassword.mutateAsync({ email, verificationCode, password });
      toast.success(accessMessages.reset);
      navigate(LOGIN_PATH);
    },
  });
  const { errors, register } = form;
  return (
    <form ref={form.formRef} className="card form" noValidate onSubmit={form.handleSubmit}>
      <h2 className="form__title">Step 2: a new password</h2>
      <p className="form__intro">
        If <strong>{email}</strong> belongs to a partner account, we sent it a code. It is valid for{' '}
        {CODE_VALID_MINUTES} minutes.
      </p>
      <Field id={form.fieldId('verificationCode')} label="Verification code" isRequired error={errors.verificationCode}>
        <div className="input-with-button">
          <input
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            {...register('verificationCode')}
          />
          <SendCodeButton
            purpose="ResetPassword"
            getValidEmail={async () => email}
            label="Resend Code"
            initialWaitSeconds={CODE_RESEND_SECONDS}
          />
        </div>
      </Field>
      <NewPasswordFields form={form} label="New password" />
      <SubmitRow isSubmitting={form.isSubmitting}>Reset Password</SubmitRow>
    </form>
  );
}

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState<string>();
  return <div className="narrow-form">{email ? <ResetStep email={email} /> : <EmailStep onSent={setEmail} />}</div>;
}
