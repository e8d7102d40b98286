import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useIsHydrated } from '../../lib/hydration.ts';
import { useIsSignedIn } from '../../lib/session.ts';

const navItems = [
  { to: '/', label: 'Home' },
  { to: '/business', label: 'Business Partners' },
  { to: '/creator', label: "Creator's World" },
  { to: '/developers', label: 'Developers' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/contact', label: 'Contact Us' },
];

// a signed-in partner's only: a visitor's first page does without its code
const AccountMenu = lazy(() => import('./account-menu.tsx'));

/** The portal header: brand, main navigation, and Login or the My Account menu. */
export function Header({ variant }: { variant: 'solid' | 'overlay' }) {
  const isSignedIn = useIsSignedIn();
  const [isNavOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const isHydrated = useIsHydrated();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setNavOpen(false), [location.pathname]);

  useEffect(() => {
    if (!isNavOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setNavOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isNavOpen]);

  return (
    <header className={`site-header site-header--${variant}`}>
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label="Lumora Partner Portal, Home">
          <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="#1b1450" />
            <path d="M32 12 52 50H40l-8-16-8 16H12z" fill="#8f7bff" />
          </svg>
          <span className="brand__name">
            Lumora <span className="brand__sub">Partner Portal</span>
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={isNavOpen}
          aria-controls={navId}
          aria-label={isNavOpen ? 'Close menu' : 'Open menu'}
          // a prerendered page's menu opens once the app runs: until then a tap would be lost
          disabled={!isHydrated}
          onClick={() => setNavOpen((open) => !open)}
        >
          <span aria-hidden="true">{isNavOpen ? '✕' : '☰'}</span>
        </button>
        <nav id={navId} className={`main-nav${isNavOpen ? ' main-nav--open' : ''}`} aria-label="Main">
          <ul className="main-nav__list">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink className="main-nav__link" to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {isSignedIn ? null : (
              <li>
                <NavLink to="/login" className="main-nav__link main-nav__login">
                  Login
                </NavLink>
              </li>
            )}
          </ul>
          {isSignedIn ? (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
