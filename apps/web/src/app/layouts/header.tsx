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

/**
 * The My Account disclosure: a button that shows and hides a list of links. Escape closes it and returns focus to
 * the button; a click outside it, or focus moving on past it, closes it.
 */
function AccountMenu() {
  const { data: profile } = useProfile();
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

  useEffect(() => {
    const root = rootRef.current;
    if (!isOpen || !root) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // handled here, so the phone menu around it stays open
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
    };
    // a click that gives no focus (Safari) reports no next target: the pointer handler decides then
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    root.addEventListener('keydown', onKey);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  const close = () => setOpen(false);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={triggerRef}
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
      <ul className="account-menu__list" id={menuId} hidden={!isOpen}>
        {accountItems.map((item) => (
          <li key={item.to}>
            <Link className="account-menu__item" to={item.to} onClick={close}>
              {item.label}
            </Link>
          </li>
        ))}
        {profile?.role === 'Admin' ? (
          <li>
            <Link className="account-menu__item" to="/admin" onClick={close}>
              Review Console
            </Link>
          </li>
        ) : null}
        <li className="account-menu__separator">
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              close();
              void logout();
            }}
          >
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}

/** The portal header: brand, main navigation, and Login or the My Account menu. */
export function Header({ variant }: { variant: 'solid' | 'overlay' }) {
  const isSignedIn = useIsSignedIn();
  const [isNavOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

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
          {isSignedIn ? <AccountMenu /> : null}
        </nav>
      </div>
    </header>
  );
}
