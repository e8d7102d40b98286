import { emailSchema, testerMessages } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAddTester, useTesterSearch } from '../api/whitelist.ts';
import { TesterAvatar } from './tester-avatar.tsx';

const addTesterSchema = z.object({ email: emailSchema });

/** The email to look up, once it is a whole one. */
const completeEmail = (value: string) => {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export interface AddTesterFormProps {
  /** The submit button's text: "Add Tester" in the dialog, "Add to Whitelist" in Manage Whitelist. */
  submitLabel: string;
  onAdded?: () => void;
  /** Extra buttons beside the submit button (a dialog's Cancel). */
  children?: React.ReactNode;
}

/** An email field that shows whose account it is once complete, and adds that user to the whitelist. */
export function AddTesterForm({ submitLabel, onAdded, children }: AddTesterFormProps) {
  const add = useAddTester();
  const [lookedUp, setLookedUp] = useState<string>();
  const form = useZodForm({
    schema: addTesterSchema,
    initialValues: { email: '' },
    onSubmit: async ({ email }) => {
      try {
        await add.mutateAsync(email);
        form.reset();
        setLookedUp(undefined);
        onAdded?.();
      } catch (err) {
        if (isApiError(err)) form.setFieldError('email', err.message);
        else throw err;
      }
    },
  });
  const search = useTesterSearch(lookedUp);
  const field = form.register('email');
  const typed = form.values.email;
  useEffect(() => {
    const timer = setTimeout(() => setLookedUp(completeEmail(typed)), 400);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <form ref={form.formRef} className="add-tester" noValidate onSubmit={form.handleSubmit}>
      <Field id={form.fieldId('email')} label="Email" isRequired error={form.errors.email}>
        <input
          className="input"
          type="email"
          autoComplete="off"
          placeholder="tester@example.com"
          {...field}
          onBlur={() => {
            field.onBlur();
            setLookedUp(completeEmail(form.values.email));
          }}
        />
      </Field>
      <div className="add-tester__preview" aria-live="polite">
        {!lookedUp || form.errors.email ? (
          <span className="add-tester__note">Testers sign in to the test-distribution app with this email.</span>
        ) : search.isPending ? (
          <span className="add-tester__note">Looking up {lookedUp}…</span>
        ) : search.data ? (
          <>
            <TesterAvatar name={search.data.fullName} />
            <span>
              <strong>{search.data.fullName}</strong>
              <span className="add-tester__note"> {search.data.email}</span>
            </span>
          </>
        ) : (
          <span className="add-tester__note">
            {isApiError(search.error) && search.error.errorCode !== 'TesterNotFound'
              ? search.error.message
              : testerMessages.noUser}
          </span>
        )}
      </div>
      <div className="button-row">
        {children}
        <Button type="submit" isLoading={form.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
