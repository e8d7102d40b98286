import type { AuditActions, TeamMember } from '@portal/contracts';
import { DayRangeFields } from '../../../components/form/day-range-fields.tsx';
import { Field } from '../../../components/form/field.tsx';
import {
  TableFilterForm,
  type TableFiltersProps,
  useTableFilterForm,
} from '../../../components/form/table-filter-form.tsx';
import { type AuditFilterValues, auditFilters } from '../utils/audit-filters.ts';
import { fullName } from './members-table.tsx';

/** The audit log's filters: who (a member), what (one of the actions it records), and when (Hong Kong days). */
export function AuditFilters({
  members,
  actions,
  applied,
  today,
  onApply,
}: TableFiltersProps<AuditFilterValues> & { members: TeamMember[]; actions: AuditActions }) {
  const form = useTableFilterForm(auditFilters, { applied, today, onApply });
  const { errors, fieldId, bind } = form;
  // an action from a link that the list does not name (or before the list has come) stays choosable as it is
  const unlisted = applied.action !== '' && !actions.some((entry) => entry.action === applied.action);
  return (
    <TableFilterForm
      filters={auditFilters}
      form={form}
      applied={applied}
      label="Filter the audit log"
      className="audit-filters"
      firstField="actor"
      zoneNote="Days are counted in Hong Kong time (UTC+8); times in the table and the CSV export are UTC."
    >
      <Field id={fieldId('actor')} label="Member" error={errors.actor}>
        <select {...bind('actor')} className="input">
          <option value="">Everyone</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {fullName(member)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={fieldId('action')} label="Action" error={errors.action}>
        <select {...bind('action')} className="input">
          <option value="">Every action</option>
          {unlisted ? <option value={applied.action}>{applied.action}</option> : null}
          {actions.map((entry) => (
            <option key={entry.action} value={entry.action}>
              {entry.summary || entry.action}
            </option>
          ))}
        </select>
      </Field>
      <DayRangeFields form={form} today={today} fromLabel="From" toLabel="To" />
    </TableFilterForm>
  );
}
