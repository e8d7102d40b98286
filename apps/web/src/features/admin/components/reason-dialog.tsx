import { MAX_REASON_LENGTH, reasonBodySchema } from '@portal/contracts';
import { DialogActions, useModal } from '../../../components/dialog.tsx';
import { TextAreaField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

export interface ReasonDialogProps {
  title: string;
  /** What the reason is for, shown above the field. */
  description: string;
  confirmLabel: string;
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Asks for the reason a partner will read (a rejection, a take-down). */
export function ReasonDialog({ title, description, confirmLabel, isOpen, onCancel, onConfirm }: ReasonDialogProps) {
  const form = useZodForm({
    schema: reasonBodySchema,
    initialValues: { reason: '' },
    onSubmit: async ({ reason }) => {
      await onConfirm(reason);
    },
  });
  const modal = useModal(isOpen, onCancel, form.reset);

  return (
    <dialog {...modal} className="dialog" aria-labelledby="reason-title">
      <form ref={form.formRef} noValidate onSubmit={form.handleSubmit}>
        <div className="dialog__header">
          <h2 id="reason-title">{title}</h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={onCancel}>
            ×
          </button>
        </div>
        <div className="dialog__body">
          <p>{description}</p>
          <TextAreaField form={form} name="reason" label="Reason" isRequired rows={4} maxLength={MAX_REASON_LENGTH} />
        </div>
        <DialogActions
          submitLabel={confirmLabel}
          onCancel={onCancel}
          variant="danger"
          isSubmitting={form.isSubmitting}
        />
      </form>
    </dialog>
  );
}
