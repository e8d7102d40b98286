import type { Studio } from '@portal/contracts';
import { useId } from 'react';
import { useSwitchStudio } from '../hooks/use-switch-studio.ts';

export interface StudioSwitcherProps {
  studios: readonly Studio[];
  current: Studio;
  /** After a studio was picked (the menu around it closes). */
  onSwitched: () => void;
}

/**
 * The person's studios with their role in each, the one this tab acts in marked: a list of buttons, reached with Tab
 * like the menu's links; picking another moves the tab to it (My Projects, afresh).
 */
export function StudioSwitcher({ studios, current, onSwitched }: StudioSwitcherProps) {
  const headingId = useId();
  const switchStudio = useSwitchStudio();
  return (
    <>
      <span className="account-menu__heading" id={headingId}>
        Switch studio
      </span>
      <ul className="studio-switcher" aria-labelledby={headingId}>
        {studios.map((studio) => {
          const isCurrent = studio.id === current.id;
          return (
            <li key={studio.id}>
              <button
                type="button"
                className="account-menu__item studio-switcher__choice"
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => {
                  onSwitched();
                  if (!isCurrent) switchStudio(studio);
                }}
              >
                <span className="studio-switcher__mark" aria-hidden="true">
                  {isCurrent ? '✓' : ''}
                </span>
                <span className="studio-switcher__name">{studio.name}</span>
                <span className="studio-switcher__role">{studio.role}</span>
                {isCurrent ? <span className="visually-hidden"> (current)</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
