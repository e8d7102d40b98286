import type { ReactNode } from 'react';
import type { FilterValues, TableFilters } from '../../lib/table-filters.ts';
import { Button } from '../button.tsx';
import { Field } from './field.tsx';
import { type FilterForm, useFilterForm } from './use-filter-form.ts';

/** What a table's filters take from its page (`useTableFilters` gives them). */
export interface TableFiltersProps<V> {
  /** The filters the table shows: the form starts from them, and follows when they change (Back, a link). */
  applied: V;
  /** The last day the date pickers offer: today, in the zone whose days the filters count (`TableFilters.today`). */
  today: string;
  onApply: (values: V) => void;
}

/** The form state of a table's filters: validated by their rules, following the filters the table shows. */
export function useTableFilterForm<V extends FilterValues<V>, Q>(
  filters: TableFilters<V, Q>,
  { applied, today, onApply }: TableFiltersProps<V>,
) {
  return useFilterForm({
    applied,
    validate: (next: V) => filters.filterErrors(next, today),
    keyOf: (next: V) => filters.paramsOf(next).toString(),
    onApply,
  });
}

export interface TableFilterFormProps<V extends FilterValues<V>, Q> {
  filters: TableFilters<V, Q>;
  form: FilterForm<V>;
  applied: V;
  /** The search landmark's name: "Filter sales". */
  label: string;
  /** The form's own class, beside `table-filters`; its actions and its note on time zones take it as a prefix. */
  className: string;
  /** Where the search starts over once Clear empties every field. */
  firstField: keyof V;
  /** In which zone the days are counted. */
  zoneNote: string;
  children: ReactNode;
}

/** A table's filter form: its fields, Search, and Clear while any filter is set, then its note on time zones. */
export function TableFilterForm<V extends FilterValues<V>, Q>({
  filters,
  form,
  applied,
  label,
  className,
  firstField,
  zoneNote,
  children,
}: TableFilterFormProps<V, Q>) {
  return (
    <search aria-label={label}>
      <form className={`table-filters ${className}`} onSubmit={form.onSubmit} noValidate>
        {children}
        <div className={`table-filters__actions ${className}__actions`}>
          <Button type="submit" isThrottled={false}>
            Search
          </Button>
          {filters.hasFilters(applied) || filters.hasFilters(form.values) ? (
            <Button variant="ghost" isThrottled={false} onClick={() => form.clear(filters.empty, firstField)}>
              Clear
            </Button>
          ) : null}
        </div>
        <p className={`table-filters__zone ${className}__zone`}>{zoneNote}</p>
      </form>
    </search>
  );
}

export interface StatusFilterFieldProps<V extends FilterValues<V> & { status: string }, S extends string> {
  form: FilterForm<V>;
  label: string;
  className: string;
  statuses: readonly S[];
  labels: Record<S, string>;
}

/** A status filter: every status by its label, or all of them. */
export function StatusFilterField<V extends FilterValues<V> & { status: string }, S extends string>({
  form,
  label,
  className,
  statuses,
  labels,
}: StatusFilterFieldProps<V, S>) {
  const { errors, fieldId, bind } = form;
  return (
    <Field id={fieldId('status')} label={label} error={errors.status} className={className}>
      <select {...bind('status')} className="input">
        <option value="">All statuses</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </Field>
  );
}
