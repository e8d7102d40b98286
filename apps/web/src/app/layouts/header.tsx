import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { useLogout } from '../../features/access/api/logout.ts';
import { useIsSignedIn } from '../../lib/session.ts';

const navItems = [
  { to: '/', label: 'Home' },
  { to: '/business', label: 'Business Partners' },
  { to: '/creator', label: "Creator's World" },
  { to: '/developers', label: 'Developers' },
  { to: '/faqs', label: 'FAQs' },
  { to: '/contact', label: 'Contact Us' },
];

const accountItems = [
  { to: '/developers/my-project', label: 'My Projects' },
  { to: '/testing-builds', label: 'Testing builds' },
  { to: '/commission', label: 'My Project Income' },
  { to: '/purchase-history', label: 'My Purchase History' },
  { to: '/profile', label: 'Edit Profile' },
];

function AccountMenu() {
  const { data: profile } = useProfile();
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        className="account-menu__trigger"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpen((open) => !open)}
      >
        My Account
        <span aria-hidden="true" className="account-menu__caret">
          ▾
        </span>
      </button>
      {isOpen ? (
        <ul className="account-menu__list" id={menuId}>
          {accountItems.map((item) => (
            <li key={item.to}>
              <Link to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            </li>
          ))}
          {profile?.role === 'Admin' ? (
            <li>
              <Link to="/admin" onClick={() => setOpen(false)}>
                Review Console
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              Log out
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** The portal header: brand, main navigation, and Login or the My Account menu. */
export function Header({ variant }: { variant: 'solid' | 'overlay' }) {
  const isSignedIn = useIsSignedIn();
  const [isNavOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setNavOpen(false), [location.pathname]);

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
          type="button"
          className="nav-toggle"
          aria-expanded={isNavOpen}
          aria-controls={navId}
          aria-label={isNavOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setNavOpen((open) => !open)}
        >
          <span aria-hidden="true">{isNavOpen ? '✕' : '☰'}</span>
        </button>
        <nav id={navId} className={`main-nav${isNavOpen ? ' main-nav--open' : ''}`} aria-label="Main">
          <ul>
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {isSignedIn ? null : (
              <li>
                <NavLink to="/login" className="main-nav__login">
                  Login
                </NavLink>
              </li>
            )}
          </ul>
          {isSignedIn ? <AccountMenu /> : null}
        </nav>
      </div>
    </header>
  );
}
