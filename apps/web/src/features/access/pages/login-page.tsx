import { LoginForm } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { RegistrationSteps } from '../components/registration-steps.tsx';

export default function LoginPage() {
  return (
    <>
      <RegistrationSteps />
      <div className="auth-grid">
        <LoginForm />
        <RegisterForm />
      </div>
    </>
  );
}
