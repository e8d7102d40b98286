import {
  isAwaitingRelease,
  type ProjectStatus,
  projectStatusLabels,
  type ReviewStatus,
  reviewStatusLabels,
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
  return isWaitingForRelease(version) ? 'Accepted · Ready To Release' : review;
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
    <span className={['status-pill', `status-pill--${tone}`, className].filter(Boolean).join(' ')}>{children}</span>
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
