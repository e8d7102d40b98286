import { type AuditExportQuery, auditQuerySchema, payoutZoneDate } from '@portal/contracts';
import { defineTableFilters } from '../../../lib/table-filters.ts';

/** What the audit log's filter form holds: a member, an action, and a range of days. */
export interface AuditFilterValues {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The longest id or action the API takes (`paramText` in its query schema). */
const MAX_ACTOR = 64;
const MAX_ACTION = 80;

/** The audit log's filters as the API names them; days are Hong Kong days, as it counts them. */
export const auditFilters = defineTableFilters<AuditFilterValues, AuditExportQuery>({
  empty: { actor: '', action: '', from: '', to: '' },
  apiNames: { actor: 'Actor', action: 'Action', from: 'From', to: 'To' },
  querySchema: auditQuerySchema,
  fromUrl: {
    actor: (raw) => raw.slice(0, MAX_ACTOR),
    action: (raw) => raw.slice(0, MAX_ACTION),
  },
  today: (now = new Date()) => payoutZoneDate(now),
});
