import type { StageState } from '@portal/contracts';
import { StatusPill } from '../../../components/status-pill.tsx';
import { STAGE_STATE_TONES } from '../utils/format.ts';

/** A stage's state (Draft, Published, Expired) in the portal's status palette. */
export function StageStatePill({ state, className }: { state: StageState; className?: string }) {
  return (
    <StatusPill tone={STAGE_STATE_TONES[state]} className={className}>
      {state}
    </StatusPill>
  );
}
