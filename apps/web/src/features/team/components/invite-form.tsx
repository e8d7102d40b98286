import { assignableStudioRoles, inviteBodySchema, teamMessages } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { INVITE_EMAIL_ERRORS, INVITE_FORM_ERRORS, useInvite } from '../api/invite.ts';

const isOneOf = (error: unknown, codes: readonly string[]) =>
  isApiError(error) && error.errorCode !== undefined && codes.includes(error.errorCode);

/** Invite: an email and a role; the server's refusals beside the email, or above the button. */
export function InviteForm() {
  const invite = useInvite();
  const [refusal, setRefusal] = useState<string>();
  const form = useZodForm({
    schema: inviteBodySchema,
    initialValues: { email: '', role: '' },
    onSubmit: async (body) => {
      setRefusal(undefined);
      try {
        await invite.mutateAsync(body);
      } catch (error) {
        if (isOneOf(error, INVITE_EMAIL_ERRORS) && isApiError(error)) form.setFieldError('email', error.message);
        else if (isOneOf(error, INVITE_FORM_ERRORS) && isApiError(error)) setRefusal(error.message);
        throw error;
      }
      toast.success(teamMessages.invited);
      form.reset();
    },
  });
  return (
    <form ref={form.formRef} className="team-invite" noValidate onSubmit={form.handleSubmit} aria-label="Invite">
      <InputField
        form={form}
        name="email"
        label="Email"
        isRequired
        type="email"
        autoComplete="off"
        placeholder="name@studio.example"
      />
      <Field id={form.fieldId('role')} label="Role" isRequired error={form.errors.role}>
        <select className="input" {...form.register('role')}>
          <option value="">Choose a role</option>
          {assignableStudioRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </Field>
      <div className="team-invite__actions">
        <Button type="submit" isLoading={form.isSubmitting}>
          Send invitation
        </Button>
      </div>
      {refusal ? (
        <div className="alert alert--error team-invite__refusal" role="alert">
          {refusal}
        </div>
      ) : null}
    </form>
  );
}
