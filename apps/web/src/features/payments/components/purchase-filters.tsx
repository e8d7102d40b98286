import { payStatuses, payStatusLabels } from '@portal/contracts';
import { DayRangeFields } from '../../../components/form/day-range-fields.tsx';
import {
  StatusFilterField,
  TableFilterForm,
  type TableFiltersProps,
  useTableFilterForm,
} from '../../../components/form/table-filter-form.tsx';
import { type PurchaseFilterValues, purchaseFilters } from '../utils/filters.ts';

/** SPEC §2's filters of My Purchase History: payment status and creation date range (no future day). */
export function PurchaseFilters({ applied, today, onApply }: TableFiltersProps<PurchaseFilterValues>) {
  const form = useTableFilterForm(purchaseFilters, { applied, today, onApply });
  return (
    <TableFilterForm
      filters={purchaseFilters}
      form={form}
      applied={applied}
      label="Filter purchases"
      className="purchases-filters"
      firstField="status"
      zoneNote="Creation days and times are in UTC."
    >
      <StatusFilterField
        form={form}
        label="Payment status"
        className="purchases-filters__status"
        statuses={payStatuses}
        labels={payStatusLabels}
      />
      <DayRangeFields form={form} today={today} fromLabel="Created from" toLabel="Created to" />
    </TableFilterForm>
  );
}
