import type { ProjectStatus } from './catalog.ts';
import type { ErrorCode } from './errors.ts';
import type { ReviewStatus, VersionStatus } from './versions.ts';

/**
 * The rules of DESIGN §3 for versions, as pure functions: the server enforces them, the web app asks them which
 * buttons to offer.
 */

/** What the rules need to know of a version. */
export interface VersionState {
  id: string;
  number: number;
  slot: 'testing' | 'release' | 'history';
  reviewStatus: ReviewStatus;
  status: VersionStatus;
  iosAssetUrl: string | null;
  androidAssetUrl: string | null;
}

export interface Slots {
  testing: VersionState | undefined;
  release: VersionState | undefined;
  highestNumber: number;
}

/** A refused transition: the errorCode to answer with. */
export type Refusal = { refused: ErrorCode };
const refuse = (code: ErrorCode): Refusal => ({ refused: code });
export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'refused' in value;

/** A release is settled when there is none, it is accepted, or it was taken down. */
export function isReleaseSettled(release: VersionState | undefined): boolean {
  return !release || release.reviewStatus === 'AcceptedAndReleased' || release.status === 'TakeDown';
}

export function checkAdd(slots: Slots, number: number): Refusal | undefined {
  if (slots.testing) return refuse('TestingVersionExists');
  if (!isReleaseSettled(slots.release)) return refuse('ReleaseNotSettled');
  if (number <= slots.highestNumber) return refuse('VersionNumberNotHigher');
  return undefined;
}

export type Submission = { kind: 'promote-testing' } | { kind: 'resubmit-release' };

export function checkSubmit(slots: Slots, version: VersionState): Submission | Refusal {
  const hasBuilds = Boolean(version.iosAssetUrl && version.androidAssetUrl);
  if (version.slot === 'testing' && version.reviewStatus === 'PrepareForSubmission') {
    if (!isReleaseSettled(slots.release)) return refuse('ReleaseNotSettled');
    if (!hasBuilds) return refuse('VersionBuildsMissing');
    return { kind: 'promote-testing' };
  }
  if (version.slot === 'release' && version.reviewStatus === 'PrepareForSubmission' && version.status === 'Active') {
    if (!hasBuilds) return refuse('VersionBuildsMissing');
    return { kind: 'resubmit-release' };
  }
  return refuse('VersionNotSubmittable');
}

/** Editing answers the review status the version goes back to. */
export function checkEdit(version: VersionState, interruptReview: boolean): ReviewStatus | Refusal {
  if (version.slot === 'history' || version.status === 'TakeDown') return refuse('VersionNotEditable');
  switch (version.reviewStatus) {
    case 'PrepareForSubmission':
    case 'Rejected':
      return 'PrepareForSubmission';
    case 'SubmitedWaitingReview':
    case 'UnderReviewing':
      return interruptReview ? 'PrepareForSubmission' : refuse('ReviewInProgress');
    case 'AcceptedAndReleased':
      return refuse('VersionNotEditable');
  }
}

export function checkTakeDown(version: VersionState): Refusal | undefined {
  const isLive =
    version.slot === 'release' && version.reviewStatus === 'AcceptedAndReleased' && version.status === 'Active';
  return isLive ? undefined : refuse('VersionNotTakeDownable');
}

export type ReviewAction = 'start' | 'accept' | 'reject';
const REVIEW_FROM: Record<ReviewAction, ReviewStatus> = {
  start: 'SubmitedWaitingReview',
  accept: 'UnderReviewing',
  reject: 'UnderReviewing',
};
const REVIEW_TO: Record<ReviewAction, ReviewStatus> = {
  start: 'UnderReviewing',
  accept: 'AcceptedAndReleased',
  reject: 'Rejected',
};

export function checkReview(version: VersionState, action: ReviewAction): ReviewStatus | Refusal {
  if (version.slot !== 'release' || version.status !== 'Active' || version.reviewStatus !== REVIEW_FROM[action]) {
    return refuse('ReviewTransitionInvalid');
  }
  return REVIEW_TO[action];
}

/** The status My Projects shows for an item, from its two slots. */
export function deriveProjectStatus(slots: Pick<Slots, 'testing' | 'release'>): ProjectStatus {
  const { testing, release } = slots;
  if (release?.status === 'Active') {
    switch (release.reviewStatus) {
      case 'AcceptedAndReleased':
        return 'Released';
      case 'SubmitedWaitingReview':
        return 'WaitingReview';
      case 'UnderReviewing':
        return 'UnderReview';
      case 'Rejected':
        return 'Rejected';
      case 'PrepareForSubmission':
        return 'InTesting';
    }
  }
  if (testing) return 'InTesting';
  if (release?.status === 'TakeDown') return 'TakenDown';
  return 'Draft';
}
