import { useSettings } from '../lib/settings.ts';

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.7.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8 1.4 0 2.2-1.2 3-2.5 1-1.4 1.3-2.7 1.4-2.8-.1 0-2.7-1-2.8-4.1zM14 5.3c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
      />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 2.8v18.4c0 .6.7 1 1.2.7l15.6-9.2c.5-.3.5-1.1 0-1.4L5.2 2.1C4.7 1.8 4 2.2 4 2.8z"
      />
    </svg>
  );
}

/** Badges for the iOS and Android store apps, from the portal settings. */
export function StoreLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { data: settings } = useSettings();
  return (
    <div className={`store-links store-links--${tone}`}>
      <a className="store-badge" href={settings?.iosAppUrl || '#'} target="_blank" rel="noreferrer">
        <AppleIcon />
        <span>
          <small>Download on the</small> App Store
        </span>
      </a>
      <a className="store-badge" href={settings?.androidAppUrl || '#'} target="_blank" rel="noreferrer">
        <PlayIcon />
        <span>
          <small>Get it on</small> Google Play
        </span>
      </a>
    </div>
  );
}
