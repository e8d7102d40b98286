import { STEP_UP_MINUTES } from '@portal/contracts';
import { useEffect, useId } from 'react';
import { useModal } from '../../../components/dialog.tsx';
import { SecondStepForm } from '../../../components/form/second-step-form.tsx';
import { usePasskeyAnswer, usePasskeys } from '../api/passkeys.ts';
import { useStepUp } from '../api/step-up.ts';

export interface StepUpDialogProps {
  isOpen: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Asks for a fresh second factor before a change that needs one (the payout account, an API key, an income export,
 * the password); the change is sent again once it is given.
 */
export default function StepUpDialog({ isOpen, onConfirmed, onCancel }: StepUpDialogProps) {
  const modal = useModal(isOpen, onCancel);
  const titleId = useId();
  const stepUp = useStepUp();
  const passkeys = usePasskeys();
  const passkeyAnswer = usePasskeyAnswer();
  // opening a modal focuses its first control (Close): the code is what the partner came to type
  useEffect(() => {
    if (isOpen) modal.ref.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [isOpen, modal.ref]);
  return (
    <dialog {...modal} className="dialog" aria-labelledby={titleId}>
      <div className="dialog__header">
        <h2 id={titleId}>Confirm it’s you</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={onCancel}>
          ×
        </button>
      </div>
      {isOpen ? (
        <SecondStepForm
          className="dialog__body form"
          titleId={titleId}
          intro={`This change needs a fresh second step: after it, you will not be asked again for ${STEP_UP_MINUTES} minutes.`}
          cancelLabel="Cancel"
          onCancel={onCancel}
          onAnswer={async (answer) => {
            await stepUp.mutateAsync(answer);
            onConfirmed();
          }}
          onPasskey={
            passkeys.data?.length
              ? () =>
                  passkeyAnswer
                    .mutateAsync({ optionsPath: '/api/Access/Passkeys/StepUp/Options' })
                    .then((passkey) => stepUp.mutateAsync({ passkey }))
                    .then(onConfirmed)
                    // reported by the query client; a closed prompt is nobody's error
                    .catch(() => undefined)
              : undefined
          }
        />
      ) : null}
    </dialog>
  );
}
