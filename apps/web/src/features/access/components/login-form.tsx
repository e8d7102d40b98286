import { MY_PROJECTS_PATH } from '@portal/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { SignInFields } from '../../../components/form/sign-in-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { useLogin } from '../api/login.ts';

export const DEFAULT_AFTER_LOGIN = MY_PROJECTS_PATH;
/** Admins work in the review console. */
const ADMIN_AFTER_LOGIN = '/admin';

const loadLoginSchema = () => import('./sign-in-schemas.ts').then((schemas) => schemas.loginFormSchema);

const LOGIN_INTRO = 'Welcome back. Sign in to manage your projects, versions and income.';

export function LoginForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginMutation = useLogin();
  const form = useZodForm({
    schema: loadLoginSchema,
    initialValues: { email: '', password: '' },
    onSubmit: async (values) => {
      const { profile } = await loginMutation.mutateAsync(values);
      const home = profile.role === 'Admin' ? ADMIN_AFTER_LOGIN : DEFAULT_AFTER_LOGIN;
      navigate(safeRedirect(params.get('redirect')) ?? home, { replace: true });
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
    </FormCard>
  );
}
