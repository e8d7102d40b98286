import type { ReactNode } from 'react';
import { InputField } from './text-field.tsx';
import type { TextFieldsOf } from './use-zod-form.ts';

/** The account's current password, as a password manager fills it: a sign-in, or a change that needs it. */
export function CurrentPasswordField<K extends string>({
  form,
  name,
  label,
}: {
  form: TextFieldsOf<NoInfer<K>>;
  name: K;
  label: ReactNode;
}) {
  return (
    <InputField form={form} name={name} label={label} isRequired type="password" autoComplete="current-password" />
  );
}

/** An account's email and password, as a sign-in asks for them: the portal's login, the game console's. */
export function SignInFields({ form }: { form: TextFieldsOf<'email' | 'password'> }) {
  return (
    <>
      <InputField form={form} name="email" label="Email" isRequired type="email" autoComplete="username" />
      <CurrentPasswordField form={form} name="password" label="Password" />
    </>
  );
}
