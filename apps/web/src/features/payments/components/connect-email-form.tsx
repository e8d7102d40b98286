import { CONNECT_LINK_VALIDITY_TEXT, sendConnectEmailBodySchema } from '@portal/contracts';
import { Field } from '../../../components/form/field.tsx';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useSendConnectEmail } from '../api/send-connect-email.ts';

/** Mails a connection link, for when someone else (a finance team) owns the Stripe account. */
export function ConnectEmailForm() {
  const sendEmail = useSendConnectEmail();
  const form = useZodForm({
    schema: sendConnectEmailBodySchema,
    initialValues: { email: '', accountType: '' },
    onSubmit: async (values) => {
      toast.success(await sendEmail.mutateAsync(values));
      form.reset();
    },
  });
  const { errors, register } = form;
  return (
    <form ref={form.formRef} className="card form" noValidate onSubmit={form.handleSubmit} aria-labelledby="email-link">
      <h2 id="email-link" className="form__title">
        Send the link by email
      </h2>
      <p className="form__intro">{`Someone else manages your Stripe account? Send them a link valid for ${CONNECT_LINK_VALIDITY_TEXT}.`}</p>
      <div className="form__row">
        <InputField form={form} name="email" label="Email" isRequired type="email" autoComplete="email" />
        <Field id={form.fieldId('accountType')} label="Account type" isRequired error={errors.accountType}>
          <select className="input" {...register('accountType')}>
            <option value="">Select…</option>
            <option value="Standard">Standard</option>
            <option value="Express">Express</option>
          </select>
        </Field>
      </div>
      <SubmitRow isSubmitting={form.isSubmitting} variant="secondary">
        Send Email
      </SubmitRow>
    </form>
  );
}
