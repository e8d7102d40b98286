import { useTesterBuilds } from '../api/get-tester-builds.ts';
import { TesterBuildCard } from '../components/tester-build-card.tsx';

/** What testing is, for an account no studio has added yet. */
function NoBuilds() {
  return (
    <section className="empty empty--page" aria-labelledby="no-builds-title">
      <h2 id="no-builds-title">No testing builds yet</h2>
      <p>Studios share the builds of a version here before they submit it for review. This is how it works:</p>
      <ol className="testing-builds__steps">
        <li>A studio adds you to its testers by the email of your Lumora account. You get a mail when it does.</li>
        <li>
          Its testing version then appears here, with each platform's build to download, and in the Lumora
          test-distribution app when you sign in there with the same email.
        </li>
        <li>It leaves this page once the studio submits it for review, or removes you from its testers.</li>
      </ol>
    </section>
  );
}

/** Testing builds: the testing versions studios share with the signed-in account, per item and platform. */
export default function TestingBuildsPage() {
  const builds = useTesterBuilds();
  if (builds.isPending) {
    return (
      <div className="page-loading" role="status" aria-busy="true">
        <span className="visually-hidden">Loading the builds shared with you…</span>
      </div>
    );
  }
  if (builds.isError) return <p className="empty">The builds shared with you could not be loaded.</p>;
  if (builds.data.length === 0) return <NoBuilds />;
  return (
    <>
      <section className="page-heading">
        <div>
          <h2>Shared with you ({builds.data.length})</h2>
          <p className="page-heading__intro">
            The testing version of each game and 3D model whose studio added you as a tester. Install a build, or use
            the Lumora test-distribution app with the same account.
          </p>
        </div>
      </section>
      <div className="testing-builds">
        {builds.data.map((build) => (
          <TesterBuildCard key={build.versionId} build={build} />
        ))}
      </div>
    </>
  );
}
