import { MAX_PASSKEY_NAME_LENGTH, type Passkey, twoFactorMessages } from '@portal/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Dialog, DialogActions } from '../../../components/dialog.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useAddPasskey, useDeletePasskey, usePasskeys } from '../api/passkeys.ts';

const passkeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: twoFactorMessages.passkeyNameRequired })
    .max(MAX_PASSKEY_NAME_LENGTH, { error: `At most ${MAX_PASSKEY_NAME_LENGTH} characters` }),
});

/** Names the new passkey, then hands over to the browser's own prompt. */
function AddPasskeyDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const add = useAddPasskey();
  const form = useZodForm({
    schema: passkeyNameSchema,
    initialValues: { name: '' },
    onSubmit: async ({ name }) => {
      try {
        await add.mutateAsync(name);
      } catch (error) {
        // the browser's prompt closed: the dialog stays, to try again
        if (error instanceof DOMException && error.name === 'AbortError') return;
        throw error;
      }
      toast.success('Passkey added');
      form.reset();
      onClose();
    },
  });
  return (
    <Dialog isOpen={isOpen} title="Add a passkey" onClose={onClose}>
      <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} aria-label="Add a passkey">
        <div className="dialog__body security-dialog">
          <p>
            Your browser asks you to create the passkey with your fingerprint, face, device PIN or a security key. Give
            it a name that tells you where it lives.
          </p>
          <InputField
            form={form}
            name="name"
            label="Name"
            isRequired
            autoComplete="off"
            placeholder="MacBook, Touch ID"
            autoFocus
          />
        </div>
        <DialogActions submitLabel="Continue" onCancel={onClose} isSubmitting={form.isSubmitting} />
      </form>
    </Dialog>
  );
}

function PasskeyRow({ passkey, onDelete }: { passkey: Passkey; onDelete: () => void }) {
  return (
    <li className="passkeys__item">
      <div>
        <strong className="passkeys__name">{passkey.name}</strong>
        <span className="passkeys__meta">
          Added {formatDate(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'never used'}
        </span>
      </div>
      <Button variant="secondary" onClick={onDelete} isThrottled={false} aria-label={`Delete ${passkey.name}`}>
        Delete
      </Button>
    </li>
  );
}

/** The Security page's passkeys: each one signs in alone (it is both steps); add, list and delete them. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const [isAdding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Passkey>();
  return (
    <section className="card security-card" aria-labelledby="passkeys-title">
      <div className="security-card__heading">
        <h2 id="passkeys-title" className="form__title">
          Passkeys
        </h2>
      </div>
      <p>
        Sign in with your fingerprint, face or device PIN instead of your password: a passkey is both steps at once, and
        it cannot be phished.
      </p>
      {passkeys.data?.length ? (
        <ul className="passkeys" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onDelete={() => setDeleting(passkey)} />
          ))}
        </ul>
      ) : passkeys.data ? (
        <p className="passkeys__empty">No passkeys yet.</p>
      ) : null}
      <div className="button-row">
        <Button variant="secondary" onClick={() => setAdding(true)} isThrottled={false}>
          Add a passkey
        </Button>
      </div>
      <AddPasskeyDialog isOpen={isAdding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title="Delete this passkey?"
        confirmLabel="Delete"
        variant="danger"
        isBusy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return;
          remove
            .mutateAsync(deleting.id)
            .then(() => {
              toast.success('Passkey deleted');
              setDeleting(undefined);
            })
            .catch(() => undefined);
        }}
      >
        “{deleting?.name}” will no longer sign in to your account. Remove it from the device too.
      </ConfirmDialog>
    </section>
  );
}
