import {
  ANALYTICS_PATH,
  AUDIT_PATH,
  INCOME_PATH,
  MY_PROJECTS_PATH,
  PURCHASE_HISTORY_PATH,
  SECURITY_PATH,
  TEAM_PATH,
  TESTING_BUILDS_PATH,
} from '@portal/contracts/pages';
import { can, type StudioPermission } from '@portal/contracts/roles';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '../../features/access/api/get-profile.ts';
import { useLogout } from '../../features/access/api/logout.ts';
import { useCurrentStudio } from '../../features/team/api/list-studios.ts';
import { StudioSwitcher } from '../../features/team/components/studio-switcher.tsx';

/** A link of the menu, and what the role in the current studio must allow for it to show. */
const accountItems: Array<{ to: string; label: string; permission?: StudioPermission }> = [
  { to: MY_PROJECTS_PATH, label: 'My Projects' },
  { to: TESTING_BUILDS_PATH, label: 'Testing builds' },
  { to: ANALYTICS_PATH, label: 'Analytics' },
  { to: INCOME_PATH, label: 'My Project Income', permission: 'income' },
  { to: PURCHASE_HISTORY_PATH, label: 'My Purchase History', permission: 'subscriptions' },
  { to: TEAM_PATH, label: 'Team' },
  { to: AUDIT_PATH, label: 'Audit log', permission: 'audit' },
  { to: '/profile', label: 'Edit Profile' },
  { to: SECURITY_PATH, label: 'Security' },
  { to: '/api-keys', label: 'API keys', permission: 'apiKeys' },
];

/**
 * The My Account disclosure: a button that shows and hides a list of links. Escape closes it and returns focus to
 * the button; a click outside it, or focus moving on past it, closes it.
 */
export default function AccountMenu() {
  const { data: profile } = useProfile();
  const { studio, studios } = useCurrentStudio();
  // until the role is known, only the links every member has
  const items = accountItems.filter(
    (item) => !item.permission || (studio !== undefined && can(studio.role, item.permission)),
  );
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
        {studio ? (
          <li className="account-menu__studio">
            <span className="visually-hidden">Studio: </span>
            <span className="account-menu__studio-name">{studio.name}</span>
            <span className="account-menu__studio-role">
              <span className="visually-hidden">, your role: </span>
              {studio.role}
            </span>
          </li>
        ) : null}
        {studio && studios && studios.length > 1 ? (
          <li className="account-menu__switcher">
            <StudioSwitcher studios={studios} current={studio} onSwitched={close} />
          </li>
        ) : null}
        {items.map((item, index) => (
          <li key={item.to} className={index === 0 && studio ? 'account-menu__separator' : undefined}>
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
