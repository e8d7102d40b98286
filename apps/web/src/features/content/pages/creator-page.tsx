import { Link } from 'react-router';
import { StoreLinks } from '../../../components/store-links.tsx';
import { useIsSignedIn } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { isHttpUrl } from '../../../lib/urls.ts';
import { FeatureSection, StepsSection } from '../components/feature-sections.tsx';

const guide = [
  {
    title: 'Find the location',
    text: 'Open the VPS placement app and look up the place where your content should appear.',
  },
  {
    title: 'Place objects on the 3D map',
    text: 'Drop images, videos and 3D assets onto the scanned map, then scale and turn them to fit.',
  },
  {
    title: 'Publish and check in the mobile app',
    text: 'Publish the stage and walk up to it with the Lumora app to see it in place.',
  },
];

const contentTypes = [
  { title: 'Images', text: 'Posters, artwork and signs, placed flat on walls or standing in the air.' },
  { title: 'Videos', text: 'Trailers and clips that play where people stand.' },
  { title: '3D Assets', text: 'Your models from the marketplace, at real-world scale.' },
  { title: 'Special Utilities', text: 'Interactive pieces such as token fountains and coupon drops.' },
];

export default function CreatorPage() {
  const { data: settings } = useSettings();
  const isSignedIn = useIsSignedIn();
  const macAppUrl = settings?.vpsAppOfMacOsFileUrl;
  return (
    <>
      <section className="section creator-intro">
        <div className="container split">
          <div className="split__main prose">
            <h2>Create where people live</h2>
            <p>
              Creator's World is where artists and brands shape what people see through Lumora. Place your images,
              videos and 3D assets on the VPS map of a real location, and everyone who passes by with the app can find
              them.
            </p>
            <p>
              An AR placement lasts one month, then expires and is removed automatically. The VPS placement app is in
              beta, so placed content may be removed while we improve it.
            </p>
            {isSignedIn ? null : (
              <p>
                <Link className="btn btn--primary btn--lg" to="/login">
                  Register a partnership account
                </Link>
              </p>
            )}
          </div>
          <aside className="split__side card download-card">
            <h3>VPS placement app for macOS</h3>
            {isHttpUrl(macAppUrl) ? (
              <>
                <p>Scan, place and publish your stages from your Mac. Beta.</p>
                <a className="btn btn--primary btn--md" href={macAppUrl} target="_blank" rel="noreferrer">
                  Download for macOS
                </a>
              </>
            ) : (
              <p>The macOS app is not available for download right now. Please check back soon.</p>
            )}
          </aside>
        </div>
      </section>

      <StepsSection title="Three steps to your first placement" steps={guide} />

      <FeatureSection title="What you can place" features={contentTypes} columns={4} />

      <section className="section cta-band">
        <div className="container cta-band__inner">
          <div>
            <h2>Get the Lumora app</h2>
            <p>
              See your placements on iOS and Android. Follow Lumora on the{' '}
              <a href={settings?.officialSiteUrl || '#'} target="_blank" rel="noreferrer">
                official site
              </a>{' '}
              and the{' '}
              <a href={settings?.socialPageUrl || '#'} target="_blank" rel="noreferrer">
                social page
              </a>
              .
            </p>
          </div>
          <StoreLinks />
        </div>
      </section>
    </>
  );
}
