import { InputField } from './text-field.tsx';
import type { TextFieldsOf } from './use-zod-form.ts';

/** An account's email and password, as a sign-in asks for them: the portal's login, the game console's. */
export function SignInFields({ form }: { form: TextFieldsOf<'email' | 'password'> }) {
  return (
    <>
      <InputField form={form} name="email" label="Email" isRequired type="email" autoComplete="username" />
      <InputField
        form={form}
        name="password"
        label="Password"
        isRequired
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}
