import type { PasskeyLoginBody, TwoFactorMethod } from '@portal/contracts';
import { useEffect, useState } from 'react';
import type { SecondStepAnswer } from '../../../components/form/second-step-answer.ts';
import { keepFocus, SecondStepForm } from '../../../components/form/second-step-form.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useLoginSecondStep } from '../api/login.ts';
import { usePasskeyAnswer } from '../api/passkeys.ts';
import { useAfterSignIn } from './login-form.tsx';
import { TwoFactorRecovery } from './two-factor-recovery.tsx';

const TITLE = 'Two-step sign-in';

/** A second step's answer: a code or a recovery code from the form, or a passkey's. */
type LoginSecondStepAnswer = SecondStepAnswer | { passkey: PasskeyLoginBody };

export interface TwoStepSignInProps {
  challenge: string;
  /** The ways this account can answer: a passkey is offered where it has one. */
  methods: readonly TwoFactorMethod[];
  /** Back to the password, because the partner asked or the challenge ended. */
  onRestart: () => void;
}

/** The Login page's second screen: the password was right, and the account asks for a code too. */
export function TwoStepSignIn({ challenge, methods, onRestart }: TwoStepSignInProps) {
  const afterSignIn = useAfterSignIn();
  const secondStep = useLoginSecondStep();
  const passkeyAnswer = usePasskeyAnswer();
  const finish = async (answer: LoginSecondStepAnswer) => {
    try {
      const { profile } = await secondStep.mutateAsync({ challenge, ...answer });
      afterSignIn(profile);
    } catch (error) {
      // five wrong codes, or five minutes: this sign-in is over, its message says to sign in again
      if (isApiError(error, 'TwoFactorChallengeExpired')) onRestart();
      throw error;
    }
  };
  const [isLost, setLost] = useState(false);

  // the page's title says which step this is while it is on screen
  useEffect(() => {
    const pageTitle = document.title;
    document.title = pageTitle.replace(/^[^·]*/, `${TITLE} `);
    return () => {
      document.title = pageTitle;
    };
  }, []);

  if (isLost) {
    return (
      <div className="narrow-form second-step">
        <TwoFactorRecovery challenge={challenge} onBack={() => setLost(false)} onRestart={onRestart} />
      </div>
    );
  }
  return (
    <div className="narrow-form second-step">
      <SecondStepForm
        className="card form"
        titleId="second-step-title"
        title={TITLE}
        intro="Your password was right."
        onCancel={onRestart}
        onAnswer={finish}
        onPasskey={
          methods.includes('passkey')
            ? () =>
                passkeyAnswer
                  .mutateAsync({ optionsPath: '/api/Access/Passkeys/SecondStep/Options', body: { challenge } })
                  .then((passkey) => finish({ passkey }))
                  // reported by the query client; a closed prompt is nobody's error
                  .catch(() => undefined)
            : undefined
        }
      />
      <p className="second-step__lost">
        <button type="button" className="link-button" onClick={() => setLost(true)} onMouseDown={keepFocus}>
          Lost your authenticator app and recovery codes?
        </button>
      </p>
    </div>
  );
}
