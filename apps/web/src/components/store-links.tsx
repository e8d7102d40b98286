import { useSettings } from '../lib/settings.ts';

/** Badges for the iOS and Android store apps, from the portal settings. */
export function StoreLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { data: settings } = useSettings();
  return (
    <div className={`store-links store-links--${tone}`}>
      <a className="store-badge" href={settings?.iosAppUrl || '#'} target="_blank" rel="noreferrer">
        <span className="store-badge__icon store-badge__icon--apple" aria-hidden="true" />
        <span>
          <small>Download on the</small> App Store
        </span>
      </a>
      <a className="store-badge" href={settings?.androidAppUrl || '#'} target="_blank" rel="noreferrer">
        <span className="store-badge__icon store-badge__icon--play" aria-hidden="true" />
        <span>
          <small>Get it on</small> Google Play
        </span>
      </a>
    </div>
  );
}
