import { incomeStatuses, incomeStatusLabels, MAX_NAME_LENGTH } from '@portal/contracts';
import { DayRangeFields } from '../../../components/form/day-range-fields.tsx';
import { Field } from '../../../components/form/field.tsx';
import {
  StatusFilterField,
  TableFilterForm,
  type TableFiltersProps,
  useTableFilterForm,
} from '../../../components/form/table-filter-form.tsx';
import { type IncomeFilterValues, incomeFilters } from '../utils/filters.ts';

/**
 * SPEC §2's filters of the sales table: item name, purchase date range (Hong Kong days, none in the future there) and
 * settlement status.
 */
export function IncomeFilters({ applied, today, onApply }: TableFiltersProps<IncomeFilterValues>) {
  const form = useTableFilterForm(incomeFilters, { applied, today, onApply });
  const { errors, fieldId, bind } = form;
  return (
    <TableFilterForm
      filters={incomeFilters}
      form={form}
      applied={applied}
      label="Filter sales"
      className="my-income-filters"
      firstField="name"
      zoneNote="Purchase days are counted in Hong Kong time (UTC+8), as payouts are; times in the table and the CSV export are UTC."
    >
      <Field id={fieldId('name')} label="Item name" error={errors.name} className="my-income-filters__name">
        <input
          {...bind('name')}
          className="input"
          type="search"
          maxLength={MAX_NAME_LENGTH}
          placeholder="Game or 3D model"
          autoComplete="off"
        />
      </Field>
      <DayRangeFields form={form} today={today} fromLabel="Purchased from" toLabel="Purchased to" />
      <StatusFilterField
        form={form}
        label="Status"
        className="my-income-filters__status"
        statuses={incomeStatuses}
        labels={incomeStatusLabels}
      />
    </TableFilterForm>
  );
}
