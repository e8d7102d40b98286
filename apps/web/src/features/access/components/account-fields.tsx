import {
  accessMessages,
  MAX_ADDRESS_LENGTH,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_PARTNER_INTRODUCE_LENGTH,
  MAX_PERSON_NAME_LENGTH,
} from '@portal/contracts';
import { InputField, TextAreaField } from '../../../components/form/text-field.tsx';
import type { TextFieldsOf } from '../../../components/form/use-zod-form.ts';

/** First and last name, side by side. */
export function NameFields({ form }: { form: TextFieldsOf<'firstName' | 'lastName'> }) {
  return (
    <div className="form__row">
      <InputField
        form={form}
        name="firstName"
        label="First name"
        isRequired
        autoComplete="given-name"
        maxLength={MAX_PERSON_NAME_LENGTH}
      />
      <InputField
        form={form}
        name="lastName"
        label="Last name"
        isRequired
        autoComplete="family-name"
        maxLength={MAX_PERSON_NAME_LENGTH}
      />
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
      <InputField
        form={form}
        name="registeredBusinessName"
        label="Registered business name"
        autoComplete="organization"
        maxLength={MAX_BUSINESS_NAME_LENGTH}
      />
      <InputField
        form={form}
        name="registeredAddress"
        label="Registered address"
        isRequired
        autoComplete="street-address"
        maxLength={MAX_ADDRESS_LENGTH}
      />
      <TextAreaField
        form={form}
        name="introduce"
        label="Introduce"
        rows={3}
        maxLength={MAX_PARTNER_INTRODUCE_LENGTH}
        placeholder="Tell us about your studio and what you build"
      />
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
      <InputField
        form={form}
        name="password"
        label={label}
        isRequired
        hint={accessMessages.passwordHint}
        type="password"
        autoComplete="new-password"
      />
      <InputField
        form={form}
        name="confirmPassword"
        label="Confirm password"
        isRequired
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
