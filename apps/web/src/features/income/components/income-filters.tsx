import { incomeStatuses, incomeStatusLabels, MAX_NAME_LENGTH } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { DayRangeFields } from '../../../components/form/day-range-fields.tsx';
import { Field } from '../../../components/form/field.tsx';
import { useFilterForm } from '../../../components/form/use-filter-form.ts';
import { filterErrors, hasFilters, type IncomeFilterValues, NO_FILTERS, paramsOf } from '../utils/filters.ts';

export interface IncomeFiltersProps {
  /** The filters the table shows: the form starts from them, and follows when they change (Back, a link). */
  applied: IncomeFilterValues;
  /** The last day the date pickers offer: today, in UTC. */
  today: string;
  onApply: (values: IncomeFilterValues) => void;
}

/** SPEC §2's filters of the sales table: item name, purchase date range (no future day) and settlement status. */
export function IncomeFilters({ applied, today, onApply }: IncomeFiltersProps) {
  const form = useFilterForm({
    applied,
    validate: (next: IncomeFilterValues) => filterErrors(next, today),
    keyOf: (next: IncomeFilterValues) => paramsOf(next).toString(),
    onApply,
  });
  const { values, errors, fieldId, set, onSubmit, clear, described } = form;

  return (
    <search aria-label="Filter sales">
      <form className="my-income-filters" onSubmit={onSubmit} noValidate>
        <Field id={fieldId('name')} label="Item name" error={errors.name} className="my-income-filters__name">
          <input
            {...described('name')}
            className="input"
            type="search"
            name="name"
            value={values.name}
            onChange={set('name')}
            maxLength={MAX_NAME_LENGTH}
            placeholder="Game or 3D model"
            autoComplete="off"
          />
        </Field>
        <DayRangeFields form={form} today={today} fromLabel="Purchased from" toLabel="Purchased to" />
        <Field id={fieldId('status')} label="Status" error={errors.status} className="my-income-filters__status">
          <select
            {...described('status')}
            className="input"
            name="status"
            value={values.status}
            onChange={set('status')}
          >
            <option value="">All statuses</option>
            {incomeStatuses.map((status) => (
              <option key={status} value={status}>
                {incomeStatusLabels[status]}
              </option>
            ))}
          </select>
        </Field>
        <div className="my-income-filters__actions">
          <Button type="submit" isThrottled={false}>
            Search
          </Button>
          {hasFilters(applied) || hasFilters(values) ? (
            <Button variant="ghost" isThrottled={false} onClick={() => clear(NO_FILTERS, 'name')}>
              Clear
            </Button>
          ) : null}
        </div>
        <p className="my-income-filters__zone">Purchase days and times are in UTC, as in the CSV export.</p>
      </form>
    </search>
  );
}
