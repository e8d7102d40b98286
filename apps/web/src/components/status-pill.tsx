import {
  type IncomeStatus,
  incomeStatusLabels,
  isAwaitingRelease,
  type PayoutStatus,
  type PayStatus,
  type ProjectStatus,
  payStatusLabels,
  projectStatusLabels,
  type ReviewStatus,
  reviewStatusLabels,
  type StageState,
  type VersionSlot,
  type VersionStatus,
  versionStatusLabels,
} from '@portal/contracts';
import type { ReactNode } from 'react';

/**
 * The one palette of statuses: neutral while the partner prepares, warning while waiting for a reviewer, info while
 * being reviewed, success once released, error when rejected or taken down.
 */
export type StatusTone = 'neutral' | 'info' | 'warning' | 'success' | 'error';

const PROJECT_TONES: Record<ProjectStatus, StatusTone> = {
  Draft: 'neutral',
  InTesting: 'neutral',
  WaitingReview: 'warning',
  UnderReview: 'info',
  ReadyToRelease: 'info',
  Released: 'success',
  Rejected: 'error',
  TakenDown: 'error',
};

const REVIEW_TONES: Record<ReviewStatus, StatusTone> = {
  PrepareForSubmission: 'neutral',
  SubmitedWaitingReview: 'warning',
  UnderReviewing: 'info',
  AcceptedAndReleased: 'success',
  Rejected: 'error',
};

/** A sale's settlement. */
const INCOME_TONES: Record<IncomeStatus, StatusTone> = {
  Unsettled: 'warning',
  Settling: 'info',
  Settled: 'success',
  NonSettlement: 'neutral',
};

/** A payout's transfer: being sent, sent, or failed (retried on the next settlement run). */
const PAYOUT_TONES: Record<PayoutStatus, StatusTone> = {
  Pending: 'info',
  Sent: 'success',
  Failed: 'error',
};

/** SPEC §4: a declined or cancelled payment looks like a failure, one being processed has a style of its own. */
const PAY_STATUS_TONES: Record<PayStatus, StatusTone> = {
  Processing: 'info',
  Successed: 'success',
  Failed: 'error',
  Cancelled: 'error',
};

/** A draft is being prepared, a published stage is live, an expired one no longer shows. */
const STAGE_STATE_TONES: Record<StageState, StatusTone> = {
  Draft: 'neutral',
  Published: 'success',
  Expired: 'warning',
};

/**
 * What a version's status pill says and how it looks; a take-down outweighs the review status. A partner's own
 * versions carry `releasedAt`: accepted with none, the version waits for its partner's release.
 */
interface VersionStatusOf {
  reviewStatus: ReviewStatus;
  status: VersionStatus;
  slot?: VersionSlot;
  releasedAt?: string | null;
}

const isWaitingForRelease = ({ slot, releasedAt, ...version }: VersionStatusOf) =>
  slot !== undefined && releasedAt !== undefined && isAwaitingRelease({ ...version, slot, releasedAt });

export const versionStatusTone = (version: VersionStatusOf): StatusTone => {
  if (version.status === 'TakeDown') return 'error';
  return isWaitingForRelease(version) ? 'info' : REVIEW_TONES[version.reviewStatus];
};

export function versionStatusText(version: VersionStatusOf): string {
  const review = reviewStatusLabels[version.reviewStatus];
  if (version.status === 'TakeDown') return `${review} · ${versionStatusLabels.TakeDown}`;
  return isWaitingForRelease(version) ? projectStatusLabels.ReadyToRelease : review;
}

export function StatusPill({
  tone,
  className,
  children,
}: {
  tone: StatusTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={['status-pill', `status-pill--${tone}`, className].filter(Boolean).join(' ')}
      // the whole status on hover, where a narrow place cuts the pill short
      title={typeof children === 'string' ? children : undefined}
    >
      {children}
    </span>
  );
}

/** A project's status, as My Projects and Detail show it. */
export function ProjectStatusPill({ status, className }: { status: ProjectStatus; className?: string }) {
  return (
    <StatusPill tone={PROJECT_TONES[status]} className={className}>
      {projectStatusLabels[status]}
    </StatusPill>
  );
}

/** A version's status, as Detail, the Version page and the review console show it. */
export function VersionStatusPill({ version, className }: { version: VersionStatusOf; className?: string }) {
  return (
    <StatusPill tone={versionStatusTone(version)} className={className}>
      {versionStatusText(version)}
    </StatusPill>
  );
}

/** One status of a kind, in the palette: its tone, and its label where the kind has labels. */
function KindPill<S extends string>({
  status,
  tones,
  labels,
  className,
}: {
  status: S;
  tones: Record<S, StatusTone>;
  labels?: Record<S, string>;
  className?: string;
}) {
  return (
    <StatusPill tone={tones[status]} className={className}>
      {labels ? labels[status] : status}
    </StatusPill>
  );
}

/** A sale's settlement, with SPEC §4's label. */
export const IncomeStatusPill = ({ status, className }: { status: IncomeStatus; className?: string }) => (
  <KindPill status={status} tones={INCOME_TONES} labels={incomeStatusLabels} className={className} />
);

/** A payout's transfer, as My Project Income shows it. */
export const PayoutStatusPill = ({ status, className }: { status: PayoutStatus; className?: string }) => (
  <KindPill status={status} tones={PAYOUT_TONES} className={className} />
);

/** A purchase's payment, with SPEC §4's label. */
export const PayStatusPill = ({ status, className }: { status: PayStatus; className?: string }) => (
  <KindPill status={status} tones={PAY_STATUS_TONES} labels={payStatusLabels} className={className} />
);

/** A stage's state (Draft, Published, Expired). */
export const StageStatePill = ({ state, className }: { state: StageState; className?: string }) => (
  <KindPill status={state} tones={STAGE_STATE_TONES} className={className} />
);
