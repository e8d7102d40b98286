import type { TwoFactorChallenge } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { LoginForm } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { RegistrationSteps } from '../components/registration-steps.tsx';

/** The second screen, for accounts with two-step sign-in: loaded once a password has opened one. */
const TwoStepSignIn = lazy(() =>
  import('../components/two-step-sign-in.tsx').then((module) => ({ default: module.TwoStepSignIn })),
);

export default function LoginPage() {
  // the challenge of a sign-in whose password was right, while it waits for its second step
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  if (challenge) {
    return (
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <TwoStepSignIn
          challenge={challenge.challenge}
          methods={challenge.methods}
          onRestart={() => setChallenge(null)}
        />
      </Suspense>
    );
  }
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
