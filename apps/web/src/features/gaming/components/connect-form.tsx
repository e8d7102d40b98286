import { loginBodySchema } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

export interface ConnectFormProps {
  onConnect: (credentials: { email: string; password: string }) => Promise<void>;
}

/** The console's own login on the game server (SPEC §6): the same account, a token of its own. */
export function ConnectForm({ onConnect }: ConnectFormProps) {
  const form = useZodForm({
    schema: loginBodySchema,
    initialValues: { email: '', password: '' },
    onSubmit: onConnect,
  });
  const { errors, register, fieldId } = form;
  return (
    <form ref={form.formRef} className="form gaming-connect" onSubmit={form.handleSubmit} noValidate>
      <div className="gaming-connect__fields">
        <Field id={fieldId('email')} label="Email" isRequired error={errors.email}>
          <input className="input" type="email" autoComplete="username" {...register('email')} />
        </Field>
        <Field id={fieldId('password')} label="Password" isRequired error={errors.password}>
          <input className="input" type="password" autoComplete="current-password" {...register('password')} />
        </Field>
      </div>
      <div className="form__actions">
        <Button type="submit" isLoading={form.isSubmitting}>
          Connect
        </Button>
      </div>
    </form>
  );
}
