import { AUDIT_PAGE_SIZE } from '@portal/contracts';
import { TEAM_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { LoadFailed, Loading, PagedResults } from '../../../components/paged-table.tsx';
import { useTableFilters } from '../../../lib/use-table-filters.ts';
import { useExportAudit } from '../api/export-audit.ts';
import { useAudit } from '../api/get-audit.ts';
import { useAuditActions } from '../api/list-audit-actions.ts';
import { useMembers } from '../api/list-members.ts';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { auditFilters } from '../utils/audit-filters.ts';
import '../team.css';

const EVENTS_ID = 'events';

/** The studio's audit log (owner and admins: the route's `audit` permission): filtered, paged, exported as CSV. */
export default function AuditPage() {
  const members = useMembers();
  const actions = useAuditActions();
  const table = useTableFilters({
    filters: auditFilters,
    anchor: EVENTS_ID,
    pageSize: AUDIT_PAGE_SIZE,
    useRows: useAudit,
  });
  const exporting = useExportAudit();
  const { rows: events, page, lastPage, isFiltered } = table;
  return (
    <div className="team-page">
      <section className="page-heading">
        <div>
          <h2>Audit log</h2>
          <p className="page-heading__intro">
            Every change made in the studio, by its members and by Lumora’s reviewers, newest first. See{' '}
            <Link to={TEAM_PATH}>Team</Link> for who is in it.
          </p>
        </div>
        <div className="button-row">
          <Button
            variant="secondary"
            onClick={() => exporting.mutate(table.query)}
            isLoading={exporting.isPending}
            disabled={!events.data || events.data.totalCount === 0}
            aria-describedby="audit-results"
          >
            Export CSV
          </Button>
        </div>
      </section>
      <section id={EVENTS_ID} className="team-section" aria-label="Events">
        <AuditFilters
          members={members.data?.data ?? []}
          actions={actions.data ?? []}
          applied={table.applied}
          today={table.today}
          onApply={table.apply}
        />
        <PagedResults
          table={table}
          noun={{ one: 'event', many: 'events' }}
          resultsId="audit-results"
          resultsClassName="audit-results"
          loading={<Loading className="team-loading" label="Loading the audit log…" />}
          failed={<LoadFailed what="The audit log" onRetry={() => void events.refetch()} />}
          empty={
            <div className="empty">
              <p>{isFiltered ? 'No event matches these filters.' : 'Nothing has happened in the studio yet.'}</p>
            </div>
          }
          pagesLabel="Audit log pages"
        >
          {(rows) => (
            <AuditTable
              events={rows}
              isBusy={events.isFetching}
              caption={`Audit log, newest first, page ${page} of ${lastPage}`}
            />
          )}
        </PagedResults>
      </section>
    </div>
  );
}
