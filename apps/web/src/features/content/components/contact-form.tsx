import {
  contactBodySchema,
  contactMessages,
  MAX_COMPANY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_NUMBER_LENGTH,
  MAX_TEXT_LENGTH,
} from '@portal/contracts';
import { useNavigate } from 'react-router';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { InputField, TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useSendContact } from '../api/send-contact.ts';

const initialValues = { name: '', company: '', phoneNumber: '', email: '', description: '' };

/** The partnership enquiry form of Contact Us and Business Partners. */
export function ContactForm({ heading = 'Send us a message' }: { heading?: string }) {
  const navigate = useNavigate();
  const sendContact = useSendContact();
  const form = useZodForm({
    schema: contactBodySchema,
    initialValues,
    onSubmit: async (values) => {
      await sendContact.mutateAsync(values);
      toast.success(contactMessages.sent);
      navigate('/');
    },
  });

  return (
    <form ref={form.formRef} className="card form contact-form" onSubmit={form.handleSubmit} noValidate>
      <h2 className="form__title">{heading}</h2>
      <div className="form__row">
        <InputField form={form} name="name" label="Name" isRequired autoComplete="name" maxLength={MAX_NAME_LENGTH} />
        <InputField
          form={form}
          name="company"
          label="Company"
          autoComplete="organization"
          maxLength={MAX_COMPANY_LENGTH}
        />
      </div>
      <div className="form__row">
        <InputField
          form={form}
          name="phoneNumber"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          maxLength={MAX_PHONE_NUMBER_LENGTH}
        />
        <InputField form={form} name="email" label="Email" isRequired type="email" autoComplete="email" />
      </div>
      <TextAreaField
        form={form}
        name="description"
        label="Description"
        isRequired
        rows={5}
        maxLength={MAX_TEXT_LENGTH}
        placeholder="Tell us about your business and what you would like to do on Lumora"
      />
      <SubmitRow isSubmitting={form.isSubmitting}>Submit</SubmitRow>
    </form>
  );
}
