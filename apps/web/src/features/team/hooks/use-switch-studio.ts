import type { Studio } from '@portal/contracts';
import { MY_PROJECTS_PATH } from '@portal/contracts/pages';
import { useNavigate } from 'react-router';
import { studioChoice } from '../../../lib/studio.ts';

/**
 * Moves this tab to `studio`: every later call names it, the cache of the last one goes (the app drops it when the
 * choice changes) and the tab starts over on My Projects. The default studio is no choice at all.
 */
export function useSwitchStudio() {
  const navigate = useNavigate();
  return (studio: Pick<Studio, 'id' | 'isDefault'>) => {
    navigate(MY_PROJECTS_PATH);
    studioChoice.set(studio.isDefault ? null : studio.id);
  };
}
