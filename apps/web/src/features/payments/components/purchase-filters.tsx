import { payStatuses, payStatusLabels } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { DayRangeFields } from '../../../components/form/day-range-fields.tsx';
import { Field } from '../../../components/form/field.tsx';
import { useFilterForm } from '../../../components/form/use-filter-form.ts';
import { filterErrors, hasFilters, NO_FILTERS, type PurchaseFilterValues, paramsOf } from '../utils/filters.ts';

export interface PurchaseFiltersProps {
  /** The filters the table shows: the form starts from them, and follows when they change (Back, a link). */
  applied: PurchaseFilterValues;
  /** The last day the date pickers offer: today, in UTC. */
  today: string;
  onApply: (values: PurchaseFilterValues) => void;
}

/** SPEC §2's filters of My Purchase History: payment status and creation date range (no future day). */
export function PurchaseFilters({ applied, today, onApply }: PurchaseFiltersProps) {
  const form = useFilterForm({
    applied,
    validate: (next: PurchaseFilterValues) => filterErrors(next, today),
    keyOf: (next: PurchaseFilterValues) => paramsOf(next).toString(),
    onApply,
  });
  const { values, errors, fieldId, set, onSubmit, clear, described } = form;

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
        <DayRangeFields form={form} today={today} fromLabel="Created from" toLabel="Created to" />
        <div className="purchases-filters__actions">
          <Button type="submit" isThrottled={false}>
            Search
          </Button>
          {hasFilters(applied) || hasFilters(values) ? (
            <Button variant="ghost" isThrottled={false} onClick={() => clear(NO_FILTERS, 'status')}>
              Clear
            </Button>
          ) : null}
        </div>
        <p className="purchases-filters__zone">Creation days and times are in UTC.</p>
      </form>
    </search>
  );
}
