import { loginBodySchema } from '@portal/contracts';
import { SignInFields } from '../../../components/form/sign-in-fields.tsx';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
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
  return (
    <form ref={form.formRef} className="form gaming-connect" onSubmit={form.handleSubmit} noValidate>
      <div className="gaming-connect__fields">
        <SignInFields form={form} />
      </div>
      <SubmitRow isSubmitting={form.isSubmitting}>Connect</SubmitRow>
    </form>
  );
}
