import {
  catalogItemTypeOf,
  INCOME_PATH,
  itemDetailPath,
  type NeedsAction,
  needsActionLabels,
  type PartnerOverview,
  type ProjectStatus,
  projectStatuses,
  versionPagePath,
} from '@portal/contracts';
import { Link } from 'react-router';
import { ProjectStatusPill } from '../../../components/status-pill.tsx';
import { formatInstantDay, formatUsd } from '../../../lib/format.ts';
import { useOverview } from '../api/get-overview.ts';
import '../overview.css';

/** Detail shows the reason of a rejection, the submit button and the release one; a question is on the version. */
const hrefOf = (entry: NeedsAction) => {
  const type = catalogItemTypeOf(entry.itemType);
  return entry.kind === 'unanswered-question'
    ? versionPagePath({ itemId: entry.itemId, versionId: entry.versionId, type })
    : itemDetailPath({ id: entry.itemId, type, name: entry.itemName });
};

/**
 * The top of My Projects: items by status, what needs action (when `showAttention`: the member's role changes
 * versions, which every entry asks of it), this month's income (the server answers it to roles that read income).
 */
export function ProjectsOverview({ showAttention = true }: { showAttention?: boolean }) {
  const overview = useOverview();
  if (overview.isPending) return <OverviewSkeleton />;
  // the lists below say it too: an overview that cannot load stays out of the way
  if (!overview.data) return null;
  const { itemsByStatus, needsAction, income } = overview.data;
  const shown = projectStatuses.filter((status) => itemsByStatus[status] > 0);
  if (shown.length === 0 && !income) {
    return (
      <p className="projects-overview__welcome">
        Create your first project: how each one stands and what it needs from you will show here.
      </p>
    );
  }
  return (
    <section className="projects-overview" aria-labelledby="projects-overview-title">
      <h2 id="projects-overview-title" className="visually-hidden">
        Overview
      </h2>
      {shown.length > 0 ? <StatusCounts statuses={shown} counts={itemsByStatus} /> : null}
      {showAttention || income ? (
        <div className="projects-overview__row">
          {showAttention ? <NeedsAttention entries={needsAction} /> : null}
          {income ? <IncomeTile income={income} /> : null}
        </div>
      ) : null}
    </section>
  );
}

function StatusCounts({ statuses, counts }: { statuses: ProjectStatus[]; counts: Record<ProjectStatus, number> }) {
  return (
    <ul className="projects-overview__statuses" aria-label="Projects by status">
      {statuses.map((status) => (
        <li key={status} className="status-count">
          <span className="status-count__number">{counts[status]}</span>
          <ProjectStatusPill status={status} className="status-count__label" />
        </li>
      ))}
    </ul>
  );
}

function NeedsAttention({ entries }: { entries: NeedsAction[] }) {
  return (
    <section className="needs-attention card" aria-labelledby="needs-attention-title">
      <h3 id="needs-attention-title">
        Needs your attention
        {entries.length > 0 ? <span className="needs-attention__count">{entries.length}</span> : null}
      </h3>
      {entries.length === 0 ? (
        <p className="needs-attention__none">Nothing needs your attention.</p>
      ) : (
        <ul className="needs-attention__list">
          {entries.map((entry) => (
            <li key={entry.versionId} className={`needs-attention__entry needs-attention__entry--${entry.kind}`}>
              <Link to={hrefOf(entry)}>
                {entry.itemName} version {entry.versionNumber}
              </Link>
              <span className="needs-attention__why">{needsActionLabels[entry.kind]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function IncomeTile({ income }: { income: NonNullable<PartnerOverview['income']> }) {
  return (
    <Link className="income-tile card" to={INCOME_PATH}>
      <span className="income-tile__label">This month's income</span>
      <span className="income-tile__value">{formatUsd(income.monthCents)}</span>
      <span className="income-tile__next">
        {income.nextPayoutDate && income.nextPayoutCents !== null
          ? `Next payout: ${formatInstantDay(income.nextPayoutDate)} · ${formatUsd(income.nextPayoutCents)}`
          : 'No payout is due'}
      </span>
    </Link>
  );
}

function OverviewSkeleton() {
  return (
    <div className="projects-overview" aria-busy="true">
      <span className="visually-hidden">Loading the overview</span>
      <div className="projects-overview__statuses" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <span key={index} className="status-count status-count--skeleton skeleton" />
        ))}
      </div>
      <div className="projects-overview__row" aria-hidden="true">
        <span className="needs-attention needs-attention--skeleton skeleton" />
      </div>
    </div>
  );
}
