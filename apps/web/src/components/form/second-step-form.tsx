import { type ComponentProps, type MouseEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../button.tsx';
import { CODE_REFUSED, type SecondStepAnswer } from './second-step-answer.ts';
import { InputField } from './text-field.tsx';
import { useZodForm } from './use-zod-form.ts';

type Method = 'code' | 'recoveryCode';

export interface SecondStepFormProps {
  titleId: string;
  /** The form's heading; without one (in a dialog, whose title names it), `titleId` is the dialog title's id. */
  title?: string;
  intro: ReactNode;
  /**
   * Sends the answer. A wrong code (`CODE_REFUSED`, which the call leaves to this form) empties the field and says so
   * under it; any other refusal is reported by the query client.
   */
  onAnswer: (answer: SecondStepAnswer) => Promise<void>;
  /** Back to the password: the sign-in starts again (or, in a dialog, the dialog closes). */
  onCancel: () => void;
  cancelLabel?: string;
  /** Offered where the account has a passkey: answers with it instead of a code. */
  onPasskey?: () => Promise<void>;
  className?: string;
}

const loadSchemas = () => import('./second-step-schemas.ts');

/**
 * For the controls that leave the code field (another way, back): a click keeps the focus where it is, so the empty
 * field is not marked as missing, and the message that would appear does not move the control from under the
 * pointer between press and release.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();

/** How each way of answering is asked for. */
const METHODS = {
  code: {
    schema: () => loadSchemas().then((schemas) => schemas.codeFormSchema),
    label: 'Authentication code',
    explanation: 'Enter the 6-digit code your authenticator app shows for this account.',
    switchLabel: 'Use a recovery code',
    input: { autoComplete: 'one-time-code', inputMode: 'numeric' },
  },
  recoveryCode: {
    schema: () => loadSchemas().then((schemas) => schemas.recoveryCodeFormSchema),
    label: 'Recovery code',
    explanation: 'Enter one of the recovery codes you saved when you turned two-step sign-in on. Each code works once.',
    switchLabel: 'Use your authenticator app',
    input: { autoComplete: 'off', autoCapitalize: 'none', placeholder: 'xxxxx-xxxxx' },
  },
} satisfies Record<Method, { input: ComponentProps<'input'> } & Record<string, unknown>>;

function MethodForm({
  method,
  onSwitch,
  titleId,
  title,
  intro,
  onAnswer,
  onCancel,
  cancelLabel = 'Back to sign in',
  onPasskey,
  className,
}: SecondStepFormProps & { method: Method; onSwitch: () => void }) {
  const how = METHODS[method];
  const form = useZodForm({
    schema: how.schema,
    initialValues: { code: '' },
    onSubmit: async ({ code }) => {
      try {
        await onAnswer(method === 'code' ? { code } : { recoveryCode: code });
      } catch (error) {
        // a wrong code is said under the field, emptied for the next one; anything else is the caller's to report
        if (!isApiError(error, CODE_REFUSED)) throw error;
        form.setValue('code', '');
        form.setFieldError('code', error.message);
      }
    },
  });
  return (
    <form ref={form.formRef} className={className} onSubmit={form.handleSubmit} noValidate aria-labelledby={titleId}>
      {title ? (
        <h2 id={titleId} className="form__title">
          {title}
        </h2>
      ) : null}
      <p className="form__intro">
        {intro} {how.explanation}
      </p>
      <InputField form={form} name="code" label={how.label} isRequired spellCheck={false} autoFocus {...how.input} />
      <div className="form__actions form__actions--split">
        <Button type="submit" isLoading={form.isSubmitting}>
          Verify
        </Button>
        <Button variant="ghost" onClick={onSwitch} onMouseDown={keepFocus} isThrottled={false}>
          {how.switchLabel}
        </Button>
      </div>
      {onPasskey ? (
        <div className="second-step__passkey">
          <Button variant="secondary" onClick={() => void onPasskey()} onMouseDown={keepFocus}>
            Use a passkey
          </Button>
        </div>
      ) : null}
      <p className="second-step__back">
        <button type="button" className="link-button" onClick={onCancel} onMouseDown={keepFocus}>
          {cancelLabel}
        </button>
      </p>
    </form>
  );
}

/**
 * A sign-in's second step: a code of the authenticator app, or, a click away, a recovery code. The portal's login
 * and the game console's both ask with it.
 */
export function SecondStepForm(props: SecondStepFormProps) {
  const [method, setMethod] = useState<Method>('code');
  return (
    <MethodForm
      key={method}
      {...props}
      method={method}
      onSwitch={() => setMethod(method === 'code' ? 'recoveryCode' : 'code')}
    />
  );
}
