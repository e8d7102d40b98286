import {
  accessMessages,
  changePasswordBodySchema,
  confirmPasswordSchema,
  type Profile,
  RECOVERY_CODES_LOW,
  updateProfileBodySchema,
} from '@portal/contracts';
import { Link } from 'react-router';
import { CurrentPasswordField } from '../../../components/form/sign-in-fields.tsx';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useProfile } from '../api/get-profile.ts';
import { useTwoFactorStatus } from '../api/two-factor.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { BusinessFields, NameFields, NewPasswordFields } from '../components/account-fields.tsx';
import { passwordsMatch } from '../components/passwords-match.ts';
import { LowRecoveryCodesAlert } from '../components/recovery-codes.tsx';

const changePasswordFormSchema = changePasswordBodySchema.extend({ confirmPassword: confirmPasswordSchema });
const NO_PASSWORDS = { currentPassword: '', password: '', confirmPassword: '' };

function PayoutAccountAlert({ isConnected }: { isConnected: boolean }) {
  if (isConnected) {
    return (
      <div className="alert alert--success" role="status">
        <strong>Your Stripe account is connected.</strong> You can create projects, add versions and receive your
        revenue.
      </div>
    );
  }
  return (
    <Link className="alert alert--warning" to="/stripe">
      <strong>Your Stripe account is not connected.</strong> Connect it to create projects and receive your revenue.
      <span className="alert__action">Connect now →</span>
    </Link>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const form = useZodForm({
    schema: updateProfileBodySchema,
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      registeredBusinessName: profile.registeredBusinessName,
      registeredAddress: profile.registeredAddress,
      introduce: profile.introduce,
    },
    onSubmit: async (values) => {
      await updateProfile.mutateAsync(values);
      toast.success(accessMessages.updated);
    },
  });
  return (
    <form ref={form.formRef} className="card form" noValidate onSubmit={form.handleSubmit} aria-label="Edit Profile">
      <div className="field">
        <span className="field__label">Email</span>
        <span className="field__static">{profile.email}</span>
      </div>
      <NameFields form={form} />
      <BusinessFields form={form} />
      <SubmitRow isSubmitting={form.isSubmitting}>Update</SubmitRow>
    </form>
  );
}

/** The current password proves it is the partner; every other session ends, and a mail says so. */
function ChangePasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const form = useZodForm({
    schema: changePasswordFormSchema,
    initialValues: NO_PASSWORDS,
    crossCheck: passwordsMatch,
    onSubmit: async ({ currentPassword, password }) => {
      await changePassword.mutateAsync({ currentPassword, password });
      form.reset();
      toast.success(accessMessages.passwordChanged);
    },
  });
  return (
    <form
      ref={form.formRef}
      className="card form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-labelledby="change-password-title"
    >
      <h2 className="form__title" id="change-password-title">
        Change password
      </h2>
      <p className="form__intro">
        Every other place where you are signed in is signed out, and we mail you that it changed.
      </p>
      {/* lets a password manager file the new password under this account */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <CurrentPasswordField form={form} name="currentPassword" label="Current password" />
      <NewPasswordFields form={form} label="New password" />
      <SubmitRow isSubmitting={form.isSubmitting}>Change Password</SubmitRow>
    </form>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  const twoFactor = useTwoFactorStatus().data;
  if (!profile.data) return <div className="page-loading" aria-busy="true" />;
  return (
    <div className="narrow-form">
      <PayoutAccountAlert isConnected={profile.data.connectedToStripe} />
      {twoFactor?.totpEnabled && twoFactor.recoveryCodesLeft <= RECOVERY_CODES_LOW ? (
        <LowRecoveryCodesAlert left={twoFactor.recoveryCodesLeft} />
      ) : null}
      <ProfileForm profile={profile.data} />
      <ChangePasswordForm email={profile.data.email} />
    </div>
  );
}
