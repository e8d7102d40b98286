import { RECENT_PROJECTS_PAGE_SIZE } from '@portal/contracts';
import { PAYOUT_DELAY_TEXT } from '@portal/contracts/income-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../../components/pagination.tsx';
import { useIsHydrated } from '../../../lib/hydration.ts';
import { hostUrl } from '../../../lib/runtime-config.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useRecentProducts } from '../api/get-recent-products.ts';
import { FeatureGrid } from '../components/feature-sections.tsx';
import { ProjectGallery } from '../components/project-gallery.tsx';

const DOCUMENTATION_PATH = '/documentation.html';

const cards = [
  {
    title: 'Confidential',
    text: 'Your submissions are kept confidential and deleted if they are not accepted.',
  },
  {
    title: 'Fast Solutions',
    text: 'Upload per-platform builds, test them with your own whitelist, and submit when you are ready.',
  },
  {
    title: 'Customer Cares',
    text: 'A partner team that answers, and a review that explains what to change when a version is rejected.',
  },
  {
    title: 'Legal Content',
    text: `Clear agreements, prices in US dollars, and payouts ${PAYOUT_DELAY_TEXT} after receipt.`,
  },
];

function RecentProjects() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useRecentProducts(page);
  const items = data?.data ?? [];
  return (
    <section className="section" aria-labelledby="recent-projects">
      <h2 id="recent-projects" className="section__title">
        Recent Projects
      </h2>
      {isPending ? (
        <div className="gallery gallery--loading" aria-busy="true" />
      ) : items.length === 0 ? (
        <div className="empty">
          <p>No projects have been released yet. Yours could be the first.</p>
        </div>
      ) : (
        <ProjectGallery items={items} />
      )}
      <Pagination
        page={page}
        pageSize={RECENT_PROJECTS_PAGE_SIZE}
        total={data?.totalCount ?? 0}
        onChange={setPage}
        label="Recent projects pages"
      />
    </section>
  );
}

export default function DevelopersPage() {
  const isSignedIn = useIsSignedIn();
  const { data: settings } = useSettings();
  // the static host is known from the runtime config the server puts in the page, not when the page is prerendered
  const documentationUrl = useIsHydrated() ? hostUrl('static', DOCUMENTATION_PATH) : DOCUMENTATION_PATH;
  return (
    <>
      <section className="developers-intro">
        <div className="prose">
          <h2>Build for Lumora</h2>
          <p>
            Everything you need to bring an AR game or a 3D model to the Lumora marketplace: the SDK and its
            documentation, a staging console for the realtime game server, testers, and a review that keeps you
            informed.
          </p>
        </div>
        <div className="button-row">
          <a className="btn btn--primary btn--lg" href={documentationUrl} target="_blank" rel="noreferrer">
            View SDK Document
          </a>
          <a className="btn btn--secondary btn--lg" href={settings?.gameSdkFileUrl || '#'} download>
            SDK download
          </a>
          {isSignedIn ? null : (
            <Link className="btn btn--ghost btn--lg" to="/login">
              Register now
            </Link>
          )}
        </div>
      </section>
      <section className="section">
        <FeatureGrid features={cards} columns={4} />
      </section>
      <RecentProjects />
    </>
  );
}
