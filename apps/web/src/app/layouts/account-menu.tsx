import {
  INCOME_PATH,
  MY_PROJECTS_PATH,
  PURCHASE_HISTORY_PATH,
  SECURITY_PATH,
  TESTING_BUILDS_PATH,
} from '@portal/contracts/pages';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { useLogout } from '../../features/access/api/logout.ts';

const accountItems = [
  { to: MY_PROJECTS_PATH, label: 'My Projects' },
  { to: TESTING_BUILDS_PATH, label: 'Testing builds' },
  { to: INCOME_PATH, label: 'My Project Income' },
  { to: PURCHASE_HISTORY_PATH, label: 'My Purchase History' },
  { to: '/profile', label: 'Edit Profile' },
  { to: SECURITY_PATH, label: 'Security' },
  { to: '/api-keys', label: 'API keys' },
];

/**
 * The My Account disclosure: a button that shows and hides a list of links. Escape closes it and returns focus to
 * the button; a click outside it, or focus moving on past it, closes it.
 */
export default function AccountMenu() {
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
