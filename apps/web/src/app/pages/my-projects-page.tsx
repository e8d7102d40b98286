import { MANAGE_TESTER_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { PlaysLine } from '../../features/analytics/components/plays-line.tsx';
import { ItemList } from '../../features/catalog/components/project-list.tsx';
import { ProjectsOverview } from '../../features/catalog/components/projects-overview.tsx';
import { StripeDashboardButton } from '../../features/payments/components/stripe-dashboard-button.tsx';
import { ManageWhitelistButton } from '../../features/testers/components/manage-whitelist-dialog.tsx';
import { useMay } from '../../lib/studio-role.ts';

/** My Projects: the partner's home, composing catalog, testers, payments and versions. */
export default function MyProjectsPage() {
  const { data: profile } = useProfile();
  // until the role is known, the entry points a role may lack wait
  const may = useMay();
  return (
    <>
      <section className="page-heading">
        <h2>Welcome{profile ? `, ${profile.firstName}` : ''}</h2>
        <div className="button-row">
          {may('items.write') ? (
            <Link className="btn btn--primary btn--md" to="/start-submission">
              Create New Project
            </Link>
          ) : null}
          {may('testers') ? (
            <>
              <Link className="btn btn--secondary btn--md" to={MANAGE_TESTER_PATH}>
                Manage Tester
              </Link>
              <ManageWhitelistButton />
            </>
          ) : null}
          {profile?.connectedToStripe && may('payout') ? <StripeDashboardButton /> : null}
        </div>
      </section>
      <ProjectsOverview showAttention={may('versions.write')} />
      <PlaysLine />
      <div className="project-lists">
        <ItemList type="game" canCreate={may('items.write')} />
        <ItemList type="model" canCreate={may('items.write')} />
      </div>
    </>
  );
}
