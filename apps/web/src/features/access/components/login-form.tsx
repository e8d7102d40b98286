import { MY_PROJECTS_PATH, type Profile, type TwoFactorChallenge } from '@portal/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { SignInFields } from '../../../components/form/sign-in-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { useLogin } from '../api/login.ts';
import { usePasskeySignIn } from '../api/passkeys.ts';

export const DEFAULT_AFTER_LOGIN = MY_PROJECTS_PATH;
/** Admins work in the review console. */
const ADMIN_AFTER_LOGIN = '/admin';

const loadLoginSchema = () => import('./sign-in-schemas.ts').then((schemas) => schemas.loginFormSchema);

const LOGIN_INTRO = 'Welcome back. Sign in to manage your projects, versions and income.';

/** Where a sign-in goes once its session has started: the page that asked for it, else the partner's home. */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (profile: Profile) => {
    const home = profile.role === 'Admin' ? ADMIN_AFTER_LOGIN : DEFAULT_AFTER_LOGIN;
    navigate(safeRedirect(params.get('redirect')) ?? home, { replace: true });
  };
}

export interface LoginFormProps {
  /** The password was right and the account asks for a second step: this sign-in's challenge and its ways. */
  onChallenge: (challenge: TwoFactorChallenge) => void;
}

export function LoginForm({ onChallenge }: LoginFormProps) {
  const afterSignIn = useAfterSignIn();
  const loginMutation = useLogin();
  const passkeySignIn = usePasskeySignIn();
  const form = useZodForm({
    schema: loadLoginSchema,
    initialValues: { email: '', password: '' },
    onSubmit: async (values) => {
      const answer = await loginMutation.mutateAsync(values);
      if ('twoFactorRequired' in answer) onChallenge(answer);
      else afterSignIn(answer.profile);
    },
  });
  return (
    <FormCard form={form} titleId="login-title" title="Login" intro={LOGIN_INTRO}>
      <SignInFields form={form} />
      <div className="form__actions form__actions--split">
        <Button type="submit" isLoading={form.isSubmitting}>
          Login
        </Button>
        <Link className="btn btn--ghost btn--md" to="/forgot-password">
          Forgot Password
        </Link>
      </div>
      <div className="login-passkey">
        <Button
          variant="secondary"
          isLoading={passkeySignIn.isPending}
          onClick={() =>
            // a closed prompt is nobody's error; a refusal is reported by the query client
            passkeySignIn
              .mutateAsync()
              .then(({ profile }) => afterSignIn(profile))
              .catch(() => undefined)
          }
        >
          Sign in with a passkey
        </Button>
      </div>
    </FormCard>
  );
}
