import { payStatuses, payStatusLabels } from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import {
  filterErrors,
  hasFilters,
  NO_FILTERS,
  type PurchaseFilterErrors,
  type PurchaseFilterValues,
  paramsOf,
} from '../utils/filters.ts';

export interface PurchaseFiltersProps {
  /** The filters the table shows: the form starts from them, and follows when they change (Back, a link). */
  applied: PurchaseFilterValues;
  /** The last day the date pickers offer: today, in UTC. */
  today: string;
  onApply: (values: PurchaseFilterValues) => void;
}

/** SPEC §2's filters of My Purchase History: payment status and creation date range (no future day). */
export function PurchaseFilters({ applied, today, onApply }: PurchaseFiltersProps) {
  const [values, setValues] = useState(applied);
  const [errors, setErrors] = useState<PurchaseFilterErrors>({});
  // the same form all along, so that focus stays where it was after a search
  const appliedKey = paramsOf(applied).toString();
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setValues(applied);
    setErrors({});
  }
  const id = useId();
  const fieldId = (name: keyof PurchaseFilterValues) => `${id}-${name}`;

  const set = (name: keyof PurchaseFilterValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // a message goes as soon as its field is right again; new ones wait for the next search
    if (Object.keys(errors).length > 0) {
      const current = filterErrors(next, today);
      setErrors(
        Object.fromEntries(Object.entries(errors).filter(([field]) => field in current)) as PurchaseFilterErrors,
      );
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = filterErrors(values, today);
    setErrors(found);
    const [first] = Object.keys(found) as Array<keyof PurchaseFilterValues>;
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    onApply(values);
  };

  const described = (name: keyof PurchaseFilterValues) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return (
    <search aria-label="Filter purchases">
      <form className="purchases-filters" onSubmit={onSubmit} noValidate>
        <Field
          id={fieldId('status')}
          label="Payment status"
          error={errors.status}
          className="purchases-filters__status"
        >
          <select
            {...described('status')}
            className="input"
            name="status"
            value={values.status}
            onChange={set('status')}
          >
            <option value="">All statuses</option>
            {payStatuses.map((status) => (
              <option key={status} value={status}>
                {payStatusLabels[status]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fieldId('from')} label="Created from" error={errors.from}>
          <input
            {...described('from')}
            className="input"
            type="date"
            name="from"
            value={values.from}
            onChange={set('from')}
            max={values.to && values.to < today ? values.to : today}
          />
        </Field>
        <Field id={fieldId('to')} label="Created to" error={errors.to}>
          <input
            {...described('to')}
            className="input"
            type="date"
            name="to"
            value={values.to}
            onChange={set('to')}
            min={values.from || undefined}
            max={today}
          />
        </Field>
        <div className="purchases-filters__actions">
          <Button type="submit" isThrottled={false}>
            Search
          </Button>
          {hasFilters(applied) || hasFilters(values) ? (
            <Button
              variant="ghost"
              isThrottled={false}
              onClick={() => {
                setValues(NO_FILTERS);
                setErrors({});
                onApply(NO_FILTERS);
                // the button goes with the filters: the search starts over from its first field
                document.getElementById(fieldId('status'))?.focus();
              }}
            >
              Clear
            </Button>
          ) : null}
        </div>
        <p className="purchases-filters__zone">Creation days and times are in UTC.</p>
      </form>
    </search>
  );
}
