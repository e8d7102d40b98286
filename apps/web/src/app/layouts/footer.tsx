import { Link } from 'react-router';
import { StoreLinks } from '../../components/store-links.tsx';
import { useIsHydrated } from '../../lib/hydration.ts';
import { useSettings } from '../../lib/settings.ts';

export function Footer() {
  const { data: settings } = useSettings();
  // a page prerendered last December shows last year until the browser takes over
  const year = useIsHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">Lumora Partner Portal</p>
          <p className="site-footer__text">
            Build AR games and 3D assets for the Lumora social platform and marketplace. All marketplace assets are
            listed in US dollars.
          </p>
          <StoreLinks tone="light" />
        </div>
        <nav aria-label="Portal">
          <h2 className="site-footer__heading">Portal</h2>
          <ul>
            <li>
              <Link to="/developers">Developers</Link>
            </li>
            <li>
              <Link to="/document">SDK Documentation</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Lumora">
          <h2 className="site-footer__heading">Lumora</h2>
          <ul>
            <li>
              <a href={settings?.officialSiteUrl || '#'} target="_blank" rel="noreferrer">
                Official site
              </a>
            </li>
            <li>
              <a href={settings?.socialPageUrl || '#'} target="_blank" rel="noreferrer">
                Social page
              </a>
            </li>
            <li>
              <Link to="/business">Business Partners</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>© {year} Lumora Limited, Hong Kong. All rights reserved.</p>
      </div>
    </footer>
  );
}
