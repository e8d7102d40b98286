import { useId, useState } from 'react';
import { z } from 'zod';
import { numberFromText } from '../../../components/form/number-from-text.ts';
import { roundMetres } from '../utils/placement.ts';

const decimal = numberFromText(z.number());

/** A number as typed: NaN for text that is not one, which the contract's rules refuse with their own message. */
const parseDecimal = (text: string) => {
  const result = decimal.safeParse(text);
  return result.success ? result.data : Number.NaN;
};

export interface NumberFieldProps {
  label: string;
  value: number;
  /** Called with each valid number typed. */
  onChange: (value: number) => void;
  /** The contract's message refusing `value`, if it does. */
  check: (value: number) => string | undefined;
  hint?: string;
}

/**
 * A number of the selected piece (a coordinate, a turn, a scale): typed as text, passed on once the contract's
 * rule accepts it, and refused beside the field otherwise. A change from elsewhere (a drag, an arrow key) shows in it.
 */
export function NumberField({ label, value, onChange, check, hint }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(() => String(roundMetres(value)));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string>();
  if (shown !== value) {
    setShown(value);
    setText(String(roundMetres(value)));
    setError(undefined);
  }
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`field stage-number${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const number = parseDecimal(typed);
          const refusal = check(number);
          setError(refusal);
          if (refusal) return;
          // what was typed stays as typed ("1." on the way to "1.5"): only a change from elsewhere rewrites it
          setShown(number);
          onChange(number);
        }}
      />
      {hint && !error ? (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div className="field__error" id={errorId}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
