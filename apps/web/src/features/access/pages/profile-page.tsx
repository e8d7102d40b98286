import { accessMessages, type Profile, updateProfileBodySchema } from '@portal/contracts';
import { Link } from 'react-router';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { BusinessFields, NameFields } from '../components/account-fields.tsx';

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

export default function ProfilePage() {
  const profile = useProfile();
  if (!profile.data) return <div className="page-loading" aria-busy="true" />;
  return (
    <div className="narrow-form">
      <PayoutAccountAlert isConnected={profile.data.connectedToStripe} />
      <ProfileForm profile={profile.data} />
    </div>
  );
}
