import { Field } from './field.tsx';
import type { FilterForm } from './use-filter-form.ts';

export interface DayRangeFieldsProps<V extends { from: string; to: string } & { [K in keyof V]: string }> {
  form: FilterForm<V>;
  /** The last day the pickers offer: today, in UTC. */
  today: string;
  fromLabel: string;
  toLabel: string;
}

/** A filter form's day range: two date pickers that offer no future day and no end before the start. */
export function DayRangeFields<V extends { from: string; to: string } & { [K in keyof V]: string }>({
  form,
  today,
  fromLabel,
  toLabel,
}: DayRangeFieldsProps<V>) {
  const { values, errors, fieldId, bind } = form;
  return (
    <>
      <Field id={fieldId('from')} label={fromLabel} error={errors.from}>
        <input
          {...bind('from')}
          className="input"
          type="date"
          max={values.to && values.to < today ? values.to : today}
        />
      </Field>
      <Field id={fieldId('to')} label={toLabel} error={errors.to}>
        <input {...bind('to')} className="input" type="date" min={values.from || undefined} max={today} />
      </Field>
    </>
  );
}
