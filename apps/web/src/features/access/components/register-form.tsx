import { accessMessages, type StaticTextType, staticTextTitles, VERIFICATION_CODE_LENGTH } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/form/field.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { SubmitRow } from '../../../components/form/submit-row.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { useIsHydrated } from '../../../lib/hydration.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { useRegister } from '../api/register.ts';
import { BusinessFields, NameFields, NewPasswordFields } from './account-fields.tsx';
import { AgreementDialog } from './agreement-dialog.tsx';
import { passwordsMatch } from './passwords-match.ts';
import { SendCodeButton } from './send-code-button.tsx';

const loadRegisterSchema = () => import('./sign-in-schemas.ts').then((schemas) => schemas.registerFormSchema);

const initialValues = {
  firstName: '',
  lastName: '',
  password: '',
  confirmPassword: '',
  email: '',
  verificationCode: '',
  registeredBusinessName: '',
  registeredAddress: '',
  introduce: '',
  agreement: false,
};

const agreements: StaticTextType[] = ['MarketplaceAgreement', 'MarketplaceTermsOfUse', 'DeveloperAgreement'];

const REGISTER_INTRO = 'Create your partner account. It takes a couple of minutes.';

export function RegisterForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const registerMutation = useRegister();
  const [openAgreement, setOpenAgreement] = useState<StaticTextType>();
  // the agreements open once the app has taken the prerendered page over: until then a click would be lost
  const isHydrated = useIsHydrated();
  const closeAgreement = useCallback(() => setOpenAgreement(undefined), []);
  const form = useZodForm({
    schema: loadRegisterSchema,
    initialValues,
    crossCheck: passwordsMatch,
    onSubmit: async ({ confirmPassword: _confirm, agreement: _agreement, ...registration }) => {
      await registerMutation.mutateAsync(registration);
      toast.success(accessMessages.registered);
      // the page that sent the visitor here (an invitation to a studio), else the first step of a submission
      navigate(safeRedirect(params.get('redirect')) ?? '/start-submission');
    },
  });
  const { errors, register } = form;

  return (
    <FormCard form={form} titleId="register-title" title="Register" intro={REGISTER_INTRO}>
      <NameFields form={form} />
      <div className="form__row">
        <NewPasswordFields form={form} />
      </div>
      <Field id={form.fieldId('email')} label="Email" isRequired error={errors.email}>
        <div className="input-with-button">
          <input className="input" type="email" autoComplete="email" {...register('email')} />
          <SendCodeButton
            purpose="Registration"
            getValidEmail={async () => ((await form.validateField('email')) ? form.values.email.trim() : undefined)}
          />
        </div>
      </Field>
      <InputField
        form={form}
        name="verificationCode"
        label="Verification code"
        isRequired
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
      />
      <BusinessFields form={form} />
      <div className={`checkbox-field${errors.agreement ? ' field--invalid' : ''}`}>
        <input type="checkbox" {...form.registerCheckbox('agreement')} />
        <label htmlFor={form.fieldId('agreement')}>I have read and accept the</label>{' '}
        {agreements.map((type, index) => (
          <span key={type}>
            <button type="button" className="link-button" disabled={!isHydrated} onClick={() => setOpenAgreement(type)}>
              {staticTextTitles[type]}
            </button>
            {index === 0 ? ', ' : index === 1 ? ' and ' : '.'}
          </span>
        ))}
        {errors.agreement ? (
          <div className="field__error" id={`${form.fieldId('agreement')}-error`}>
            {errors.agreement}
          </div>
        ) : null}
      </div>
      <SubmitRow isSubmitting={form.isSubmitting}>Register</SubmitRow>
      <AgreementDialog type={openAgreement} onClose={closeAgreement} />
    </FormCard>
  );
}
