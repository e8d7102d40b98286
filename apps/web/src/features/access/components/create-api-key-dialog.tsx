import {
  type ApiKeyExpiryChoice,
  type ApiKeyScope,
  apiKeyExpiresAt,
  apiKeyExpiryChoices,
  apiKeyMessages,
  apiKeyScopeLabels,
  apiKeyScopes,
  type CreatedApiKey,
  createApiKeyBodySchema,
} from '@portal/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Dialog, DialogActions } from '../../../components/dialog.tsx';
import { Field } from '../../../components/form/field.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import '../api-keys.css';

const expiryValues = apiKeyExpiryChoices.map((choice) => choice.value) as [ApiKeyExpiryChoice, ...ApiKeyExpiryChoice[]];

/** The API's body, with the expiry chosen from the page's lifetimes rather than typed as a date. */
const createApiKeyFormSchema = createApiKeyBodySchema
  .pick({ name: true, scopes: true })
  .extend({ expiry: z.enum(expiryValues) });

const DEFAULT_EXPIRY: ApiKeyExpiryChoice = '90';

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const create = useCreateApiKey();
  const [refusal, setRefusal] = useState<string>();
  const form = useZodForm({
    schema: createApiKeyFormSchema,
    initialValues: { name: '', scopes: ['read'] as ApiKeyScope[], expiry: DEFAULT_EXPIRY as ApiKeyExpiryChoice },
    onSubmit: async ({ name, scopes, expiry }) => {
      setRefusal(undefined);
      try {
        onCreated(await create.mutateAsync({ name, scopes, expiresAt: apiKeyExpiresAt(expiry, new Date()) }));
      } catch (err) {
        if (isApiError(err, 'ApiKeyLimitReached')) setRefusal(err.message);
        else throw err;
      }
    },
  });
  const scopesId = form.fieldId('scopes');
  const toggleScope = (scope: ApiKeyScope, isChecked: boolean) =>
    form.setValue(
      'scopes',
      apiKeyScopes.filter((each) => (each === scope ? isChecked : form.values.scopes.includes(each))),
    );

  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} aria-label="Create API key">
      <div className="dialog__body">
        <InputField
          form={form}
          name="name"
          label="Name"
          isRequired
          hint="Say where it is used"
          autoComplete="off"
          placeholder="CI uploads"
        />
        <fieldset
          className={['api-key-scopes', form.errors.scopes ? 'field--invalid' : ''].filter(Boolean).join(' ')}
          aria-describedby={form.errors.scopes ? `${scopesId}-error` : undefined}
        >
          <legend className="field__label">
            <span className="field__required" aria-hidden="true">
              *
            </span>
            Scopes
          </legend>
          {apiKeyScopes.map((scope) => (
            <label key={scope} className="api-key-scopes__choice">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={form.values.scopes.includes(scope)}
                onChange={(event) => toggleScope(scope, event.target.checked)}
              />
              {apiKeyScopeLabels[scope]}
            </label>
          ))}
          {form.errors.scopes ? (
            <div className="field__error" id={`${scopesId}-error`}>
              {form.errors.scopes}
            </div>
          ) : null}
        </fieldset>
        <Field id={form.fieldId('expiry')} label="Expires">
          <select className="input" {...form.register('expiry')}>
            {apiKeyExpiryChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        {refusal ? (
          <div className="alert alert--error" role="alert">
            {refusal}
          </div>
        ) : null}
      </div>
      <DialogActions submitLabel="Create API key" onCancel={onCancel} isSubmitting={form.isSubmitting} />
    </form>
  );
}

async function copySecret(secret: string, input: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(secret);
    toast.success('Secret copied');
  } catch {
    // no clipboard here (an http page, a refused permission): the secret is selected to copy by hand
    input?.select();
    toast.warning('The secret could not be copied: it is selected, copy it with your keyboard.');
  }
}

function CreatedSecret({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  return (
    <>
      <div className="dialog__body">
        <div className="alert alert--warning" role="status">
          <strong>{apiKeyMessages.shownOnce}</strong> Store it where your scripts read their secrets; if it is lost,
          revoke the key and create another.
        </div>
        <label className="field__label api-key-secret__label" htmlFor="api-key-secret">
          Secret of “{apiKey.name}”
        </label>
        <div className="api-key-secret">
          <input
            ref={setInput}
            id="api-key-secret"
            className="input api-key-secret__value"
            readOnly
            value={apiKey.secret}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" onClick={() => void copySecret(apiKey.secret, input)}>
            Copy
          </Button>
        </div>
        <p className="field__hint">
          Send it as <code>Authorization: Bearer {apiKey.prefix}…</code>
        </p>
      </div>
      <div className="dialog__footer button-row">
        <Button onClick={onDone} isThrottled={false}>
          Done
        </Button>
      </div>
    </>
  );
}

/**
 * Create API key: a name, scopes and a lifetime; then the secret, shown once. Closing the dialog forgets the
 * secret, so that it cannot be shown again.
 */
export function CreateApiKeyDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey>();
  const close = () => {
    setCreated(undefined);
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} title={created ? 'API key created' : 'Create API key'} onClose={close}>
      {created ? (
        <CreatedSecret apiKey={created} onDone={close} />
      ) : (
        <CreateApiKeyForm
          onCreated={(key) => {
            toast.success(apiKeyMessages.created);
            setCreated(key);
          }}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}
