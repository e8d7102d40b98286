import type { ReactNode } from 'react';
import { Button } from '../button.tsx';

/** A form's last row: its submit button, busy while the form is being sent. */
export function SubmitRow({
  isSubmitting,
  variant,
  children,
}: {
  isSubmitting: boolean;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <div className="form__actions">
      <Button type="submit" variant={variant} isLoading={isSubmitting}>
        {children}
      </Button>
    </div>
  );
}
