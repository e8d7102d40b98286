import { versionMessages } from '@portal/contracts';
import { useId } from 'react';
import { z } from 'zod';
import { DialogActions, useModal } from '../../../components/dialog.tsx';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

const versionNumberForm = z.object({
  version: z
    .string()
    .trim()
    .min(1, { error: versionMessages.valueRequired, abort: true })
    .regex(/^\d+$/, { error: versionMessages.positiveInteger, abort: true })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1_000_000, { error: versionMessages.positiveInteger }),
});

export interface AddVersionDialogProps {
  isOpen: boolean;
  suggestedNumber: number;
  onCancel: () => void;
  onAdd: (number: number) => Promise<unknown>;
}

/** Asks for the new version's number (a positive integer above every earlier one). */
export function AddVersionDialog({ isOpen, suggestedNumber, onCancel, onAdd }: AddVersionDialogProps) {
  const titleId = useId();
  const form = useZodForm({
    schema: versionNumberForm,
    initialValues: { version: String(suggestedNumber) },
    onSubmit: async ({ version }) => {
      await onAdd(version);
    },
  });
  const modal = useModal(isOpen, onCancel, () => {
    form.reset();
    form.setValue('version', String(suggestedNumber));
  });

  return (
    <dialog {...modal} className="dialog dialog--confirm" aria-labelledby={titleId}>
      <form ref={form.formRef} noValidate onSubmit={form.handleSubmit}>
        <div className="dialog__header">
          <h2 id={titleId}>Add Version</h2>
        </div>
        <div className="dialog__body">
          <p>The new version is the testing version: your testers get it before you submit it for review.</p>
          <InputField
            form={form}
            name="version"
            label="Version number"
            isRequired
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <DialogActions submitLabel="Add Version" onCancel={onCancel} isSubmitting={form.isSubmitting} />
      </form>
    </dialog>
  );
}
