import { commissionPercentSchema, commissionRateBodySchema, type PartnerBalance } from '@portal/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button.tsx';
import { Dialog, DialogActions } from '../../../components/dialog.tsx';
import { numberFromText, textFromNumber } from '../../../components/form/number-from-text.ts';
import { InputField } from '../../../components/form/text-field.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/format.ts';
import { useSetCommissionRate } from '../api/set-commission-rate.ts';

/** The form keeps the rate as typed; the contract's own rule, with its messages, checks it. */
const commissionFormSchema = z.object({
  commissionPercent: numberFromText(commissionPercentSchema),
});

/** The server names the field before its message ("commissionPercent: …"); beside the field the name is noise. */
const FIELD_PREFIX = `${Object.keys(commissionRateBodySchema.shape)[0]}: `;

/**
 * `showModal()` focuses the element carrying the `autofocus` attribute, which React's `autoFocus` does not write:
 * without it the dialog would start on its Close button rather than on the one value it edits.
 */
const markAutofocus = (element: HTMLInputElement | null) => element?.setAttribute('autofocus', '');

function CommissionRateForm({ balance, onDone }: { balance: PartnerBalance; onDone: () => void }) {
  const save = useSetCommissionRate();
  const [isResetting, setIsResetting] = useState(false);
  const form = useZodForm({
    schema: commissionFormSchema,
    initialValues: { commissionPercent: textFromNumber(balance.commissionPercent) },
    onSubmit: async ({ commissionPercent }) => {
      try {
        const saved = await save.mutateAsync({ partnerId: balance.partnerId, body: { commissionPercent } });
        toast.success(`${saved.email} now has a commission rate of ${formatPercent(saved.commissionPercent)}.`);
        onDone();
      } catch (err) {
        if (!isApiError(err, 'ValidationFailed')) throw err;
        form.setFieldError('commissionPercent', (err.serverMessage ?? err.message).replace(FIELD_PREFIX, ''));
      }
    },
  });

  const resetToDefault = async () => {
    setIsResetting(true);
    try {
      const saved = await save.mutateAsync({ partnerId: balance.partnerId, body: { commissionPercent: null } });
      toast.success(`${saved.email} is back on the default rate of ${formatPercent(saved.commissionPercent)}.`);
      onDone();
    } catch {
      // the query client has reported it; the dialog stays open to try again
    } finally {
      setIsResetting(false);
    }
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit}>
      <div className="dialog__body">
        <p className="commission-form__partner">
          <strong>{balance.fullName}</strong> ({balance.email}) is on{' '}
          {balance.isDefaultRate ? 'the default rate' : 'a rate of their own'} of{' '}
          <strong>{formatPercent(balance.commissionPercent)}</strong>.
        </p>
        <p>A new rate applies to the sales recorded from now on; earlier sales keep the rate they were recorded at.</p>
        <InputField
          form={form}
          name="commissionPercent"
          label="Commission rate (%)"
          isRequired
          ref={markAutofocus}
          className="input commission-form__input"
          inputMode="decimal"
          autoComplete="off"
        />
        {balance.isDefaultRate ? null : (
          <div className="commission-form__reset">
            <p>Or put the partner back on the default rate.</p>
            <Button variant="secondary" onClick={resetToDefault} isLoading={isResetting} disabled={form.isSubmitting}>
              Reset to default
            </Button>
          </div>
        )}
      </div>
      <DialogActions
        submitLabel="Save rate"
        onCancel={onDone}
        isSubmitting={form.isSubmitting}
        isSubmitDisabled={isResetting}
      />
    </form>
  );
}

export interface CommissionRateDialogProps {
  /** The partner whose rate is edited; the dialog is closed without one. */
  balance: PartnerBalance | undefined;
  onClose: () => void;
}

/** Edits a partner's commission rate: closes once the server has saved it, stays open when it is refused. */
export function CommissionRateDialog({ balance, onClose }: CommissionRateDialogProps) {
  return (
    <Dialog isOpen={balance !== undefined} title="Commission rate" onClose={onClose} className="dialog--confirm">
      {balance ? <CommissionRateForm key={balance.partnerId} balance={balance} onDone={onClose} /> : null}
    </Dialog>
  );
}
