import { useSettings } from '../lib/settings.ts';

/** The stores the app is in: where the settings keep its link, the badge's icon and words. */
const STORES = [
  { urlKey: 'iosAppUrl', icon: 'apple', lead: 'Download on the', name: 'App Store' },
  { urlKey: 'androidAppUrl', icon: 'play', lead: 'Get it on', name: 'Google Play' },
] as const;

/** Badges for the iOS and Android store apps, from the portal settings. */
export function StoreLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { data: settings } = useSettings();
  return (
    <div className={`store-links store-links--${tone}`}>
      {STORES.map((store) => (
        <a
          key={store.icon}
          className="store-badge"
          href={settings?.[store.urlKey] || '#'}
          target="_blank"
          rel="noreferrer"
        >
          <span className={`store-badge__icon store-badge__icon--${store.icon}`} aria-hidden="true" />
          <span>
            {/* one text node: React writes no marker between the space and the name */}
            <small>{store.lead}</small>
            {` ${store.name}`}
          </span>
        </a>
      ))}
    </div>
  );
}
