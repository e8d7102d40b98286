import {
  contactBodySchema,
  contactMessages,
  MAX_COMPANY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_NUMBER_LENGTH,
  MAX_TEXT_LENGTH,
} from '@portal/contracts';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
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
  const { errors, register } = form;

  return (
    <form ref={form.formRef} className="card form contact-form" onSubmit={form.handleSubmit} noValidate>
      <h2 className="form__title">{heading}</h2>
      <div className="form__row">
        <Field id={form.fieldId('name')} label="Name" isRequired error={errors.name}>
          <input className="input" autoComplete="name" maxLength={MAX_NAME_LENGTH} {...register('name')} />
        </Field>
        <Field id={form.fieldId('company')} label="Company" error={errors.company}>
          <input
            className="input"
            autoComplete="organization"
            maxLength={MAX_COMPANY_LENGTH}
            {...register('company')}
          />
        </Field>
      </div>
      <div className="form__row">
        <Field id={form.fieldId('phoneNumber')} label="Phone number" error={errors.phoneNumber}>
          <input
            className="input"
            type="tel"
            autoComplete="tel"
            maxLength={MAX_PHONE_NUMBER_LENGTH}
            {...register('phoneNumber')}
          />
        </Field>
        <Field id={form.fieldId('email')} label="Email" isRequired error={errors.email}>
          <input className="input" type="email" autoComplete="email" {...register('email')} />
        </Field>
      </div>
      <Field id={form.fieldId('description')} label="Description" isRequired error={errors.description}>
        <textarea
          className="input textarea"
          rows={5}
          maxLength={MAX_TEXT_LENGTH}
          placeholder="Tell us about your business and what you would like to do on Lumora"
          {...register('description')}
        />
      </Field>
      <div className="form__actions">
        <Button type="submit" isLoading={form.isSubmitting}>
          Submit
        </Button>
      </div>
    </form>
  );
}
