import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  isRequired?: boolean;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A labelled control with its validation message underneath. */
export function Field({ id, label, error, isRequired, hint, children, className }: FieldProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {isRequired ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
        {label}
      </label>
      {children}
      {hint && !error ? <div className="field__hint">{hint}</div> : null}
      {error ? (
        <div className="field__error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
