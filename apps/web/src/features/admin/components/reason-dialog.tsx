import { MAX_REASON_LENGTH, reasonBodySchema } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { useModal } from '../../../components/dialog.tsx';
import { Field } from '../../../components/form/field.tsx';
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
          <Field id={form.fieldId('reason')} label="Reason" isRequired error={form.errors.reason}>
            <textarea className="input textarea" rows={4} maxLength={MAX_REASON_LENGTH} {...form.register('reason')} />
          </Field>
        </div>
        <div className="dialog__footer button-row">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isLoading={form.isSubmitting}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
