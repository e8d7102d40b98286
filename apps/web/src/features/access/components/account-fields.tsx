import {
  accessMessages,
  MAX_ADDRESS_LENGTH,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_PARTNER_INTRODUCE_LENGTH,
  MAX_PERSON_NAME_LENGTH,
} from '@portal/contracts';
import { Field } from '../../../components/form/field.tsx';
import type { TextFieldsOf } from '../../../components/form/use-zod-form.ts';

/** First and last name, side by side. */
export function NameFields({ form }: { form: TextFieldsOf<'firstName' | 'lastName'> }) {
  return (
    <div className="form__row">
      <Field id={form.fieldId('firstName')} label="First name" isRequired error={form.errors.firstName}>
        <input
          className="input"
          autoComplete="given-name"
          maxLength={MAX_PERSON_NAME_LENGTH}
          {...form.register('firstName')}
        />
      </Field>
      <Field id={form.fieldId('lastName')} label="Last name" isRequired error={form.errors.lastName}>
        <input
          className="input"
          autoComplete="family-name"
          maxLength={MAX_PERSON_NAME_LENGTH}
          {...form.register('lastName')}
        />
      </Field>
    </div>
  );
}

/** The registered business name and address, and the introduction, of registration and the profile. */
export function BusinessFields({
  form,
}: {
  form: TextFieldsOf<'registeredBusinessName' | 'registeredAddress' | 'introduce'>;
}) {
  return (
    <>
      <Field
        id={form.fieldId('registeredBusinessName')}
        label="Registered business name"
        error={form.errors.registeredBusinessName}
      >
        <input
          className="input"
          autoComplete="organization"
          maxLength={MAX_BUSINESS_NAME_LENGTH}
          {...form.register('registeredBusinessName')}
        />
      </Field>
      <Field
        id={form.fieldId('registeredAddress')}
        label="Registered address"
        isRequired
        error={form.errors.registeredAddress}
      >
        <input
          className="input"
          autoComplete="street-address"
          maxLength={MAX_ADDRESS_LENGTH}
          {...form.register('registeredAddress')}
        />
      </Field>
      <Field id={form.fieldId('introduce')} label="Introduce" error={form.errors.introduce}>
        <textarea
          className="input textarea"
          rows={3}
          maxLength={MAX_PARTNER_INTRODUCE_LENGTH}
          placeholder="Tell us about your studio and what you build"
          {...form.register('introduce')}
        />
      </Field>
    </>
  );
}

/** A new password and its confirmation (registration and password reset). */
export function NewPasswordFields({
  form,
  label = 'Password',
}: {
  form: TextFieldsOf<'password' | 'confirmPassword'>;
  label?: string;
}) {
  return (
    <>
      <Field
        id={form.fieldId('password')}
        label={label}
        isRequired
        error={form.errors.password}
        hint={accessMessages.passwordHint}
      >
        <input className="input" type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field
        id={form.fieldId('confirmPassword')}
        label="Confirm password"
        isRequired
        error={form.errors.confirmPassword}
      >
        <input className="input" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
    </>
  );
}
