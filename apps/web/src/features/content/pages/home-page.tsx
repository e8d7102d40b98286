import { PAYOUT_DELAY_TEXT, PAYOUT_EXAMPLE_TEXT } from '@portal/contracts/income-rules';
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { StoreLinks } from '../../../components/store-links.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { FeatureSection, StepsSection } from '../components/feature-sections.tsx';
import { useIsNearViewport } from '../hooks/use-is-near-viewport.ts';

// below the fold: its code and its call wait until the visitor scrolls towards it, so Home's first visit stays small
const RecentReleases = lazy(() => import('../components/recent-releases.tsx'));

function RecentReleasesWhenNear() {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useIsNearViewport(ref);
  return (
    <div ref={ref}>
      {isNear ? (
        <Suspense fallback={null}>
          <RecentReleases />
        </Suspense>
      ) : null}
    </div>
  );
}

const offerings = [
  {
    title: 'AR games',
    text: 'Multiplayer games that play out in the room around your players, powered by the Lumora SDK and our realtime game server.',
  },
  {
    title: '3D models',
    text: 'Sell characters, props and scenes in the marketplace. Every asset is listed in US dollars.',
  },
  {
    title: 'AR placements',
    text: 'Pin your content to real places on the VPS map for a month at a time, and reach people where they are.',
  },
];

const steps = [
  { title: 'Registered', text: 'Create your partner account and connect a Stripe account to receive your revenue.' },
  {
    title: 'Submitted',
    text: 'Upload your builds for iOS and Android, test them with your own whitelist, then submit.',
  },
  { title: 'Waiting for approval', text: 'Our review team checks every version before it reaches the store.' },
];

const promises = [
  {
    title: 'Confidential',
    text: 'Your submissions stay confidential, and anything we do not accept is deleted.',
  },
  {
    title: 'Priced in USD',
    text: 'All marketplace assets are listed in US dollars, so you always know what a sale is worth.',
  },
  {
    title: 'Predictable payouts',
    text: `Revenue is paid ${PAYOUT_DELAY_TEXT} after receipt, on the last day of a month: ${PAYOUT_EXAMPLE_TEXT}, from Hong Kong.`,
  },
  {
    title: 'Clear terms',
    text: 'A commission applies as set in your partnership agreement. Digital assets are not refundable.',
  },
];

export default function HomePage() {
  const { data: settings } = useSettings();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">Lumora Partner Portal</p>
          <h1 className="hero__title">Put your games and 3D worlds into the real one</h1>
          <p className="hero__lead">
            Submit AR games and 3D models to the Lumora social platform and marketplace, ship versions to your testers
            and the store, and follow your income — all in one place.
          </p>
          <div className="hero__actions">
            <Link className="btn btn--primary btn--lg" to="/start-submission">
              Start Submission
            </Link>
            <Link className="btn btn--light btn--lg" to="/business">
              Business Partners
            </Link>
            <Link className="btn btn--ghost-light btn--lg" to="/creator">
              Creator's World
            </Link>
          </div>
          <div className="hero__apps">
            <StoreLinks tone="light" />
            <p className="hero__links">
              <a href={settings?.officialSiteUrl || '#'} target="_blank" rel="noreferrer">
                Official site
              </a>
              <span aria-hidden="true"> · </span>
              <a href={settings?.socialPageUrl || '#'} target="_blank" rel="noreferrer">
                Follow us
              </a>
            </p>
          </div>
        </div>
      </section>

      <FeatureSection title="What you can publish" features={offerings} columns={3} />

      <StepsSection title="From upload to release" steps={steps} />

      <RecentReleasesWhenNear />

      <FeatureSection title="Built for studios that ship" features={promises} columns={4} cardClassName="promise" />

      <section className="section cta-band">
        <div className="container cta-band__inner">
          <div>
            <h2>Ready to submit your first project?</h2>
            <p>Read the SDK documentation, then create your project in minutes.</p>
          </div>
          <div className="cta-band__actions">
            <Link className="btn btn--primary btn--lg" to="/start-submission">
              Start Submission
            </Link>
            <Link className="btn btn--secondary btn--lg" to="/document">
              Read the SDK documentation
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
