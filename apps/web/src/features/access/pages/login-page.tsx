import { useState } from 'react';
import { LoginForm } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { RegistrationSteps } from '../components/registration-steps.tsx';
import { TwoStepSignIn } from '../components/two-step-sign-in.tsx';

export default function LoginPage() {
  // the challenge of a sign-in whose password was right, while it waits for its second step
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge) return <TwoStepSignIn challenge={challenge} onRestart={() => setChallenge(null)} />;
  return (
    <>
      <RegistrationSteps />
      <div className="auth-grid">
        <LoginForm onChallenge={setChallenge} />
        <RegisterForm />
      </div>
    </>
  );
}
