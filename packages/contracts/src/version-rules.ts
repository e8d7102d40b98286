import type { ProjectStatus } from './catalog.ts';
import { isRefusal, type Refusal, refuse } from './refusal.ts';
import type { MessageAuthor, ReviewStatus, VersionSlot, VersionStatus } from './versions.ts';

/**
 * The rules of DESIGN §3 for versions, as pure functions: the server enforces them, the web app asks them which
 * buttons to offer.
 */

/** What the rules need to know of a version. */
export interface VersionState {
  id: string;
  number: number;
  slot: VersionSlot;
  reviewStatus: ReviewStatus;
  status: VersionStatus;
  iosAssetUrl: string | null;
  androidAssetUrl: string | null;
  /** When it went on sale (an ISO string on the wire, a Date on the server); null until then. */
  releasedAt: string | Date | null;
  releaseOnAcceptance: boolean;
  /** Stored from `liveVersionOf` by the server after each change. */
  isLive: boolean;
}

export interface Slots {
  testing: VersionState | undefined;
  release: VersionState | undefined;
  highestNumber: number;
}

/** What the review rules look at. */
export type ReviewedState = Pick<VersionState, 'slot' | 'reviewStatus' | 'status'>;

/** An item's two slots and its highest number, from all of its versions. */
export function slotsOf(versions: readonly VersionState[]): Slots {
  return {
    testing: versions.find((version) => version.slot === 'testing'),
    release: versions.find((version) => version.slot === 'release'),
    highestNumber: versions.reduce((highest, version) => Math.max(highest, version.number), 0),
  };
}

/**
 * The version the marketplace serves for an item: the newest one ever released, while it is active. An update in
 * review leaves the previous release on sale until the update itself is released; taking the newest release down
 * takes the item off the marketplace rather than bringing an older one back.
 */
export function liveVersionOf<V extends Pick<VersionState, 'number' | 'status' | 'reviewStatus' | 'releasedAt'>>(
  versions: readonly V[],
): V | undefined {
  let newest: V | undefined;
  for (const version of versions) {
    if (version.releasedAt !== null && (!newest || version.number > newest.number)) newest = version;
  }
  return newest?.status === 'Active' && newest.reviewStatus === 'AcceptedAndReleased' ? newest : undefined;
}

/** Offered on the marketplace now (as stored by the server from `liveVersionOf`). */
export function isLive(version: Pick<VersionState, 'isLive'>): boolean {
  return version.isLive;
}

/** Accepted, and waiting for its partner to release it ("Release this version"). */
export function isAwaitingRelease(
  version: Pick<VersionState, 'slot' | 'reviewStatus' | 'status' | 'releasedAt'>,
): boolean {
  return (
    version.slot === 'release' &&
    version.reviewStatus === 'AcceptedAndReleased' &&
    version.status === 'Active' &&
    version.releasedAt === null
  );
}

export function checkRelease(
  version: Pick<VersionState, 'slot' | 'reviewStatus' | 'status' | 'releasedAt'>,
): Refusal | undefined {
  return isAwaitingRelease(version) ? undefined : refuse('VersionNotReleasable');
}

/** Submitted and not decided yet: waiting for a reviewer, or being reviewed. */
export function isInReview(version: Pick<VersionState, 'reviewStatus' | 'status'>): boolean {
  return (
    version.status === 'Active' &&
    (version.reviewStatus === 'SubmitedWaitingReview' || version.reviewStatus === 'UnderReviewing')
  );
}

/** Rejected and still active: the partner reads the reason, edits and resubmits. */
export function isRejected(version: Pick<VersionState, 'reviewStatus' | 'status'>): boolean {
  return version.status === 'Active' && version.reviewStatus === 'Rejected';
}

/** Both required builds (iOS and Android) are uploaded. */
export function hasRequiredBuilds(version: Pick<VersionState, 'iosAssetUrl' | 'androidAssetUrl'>): boolean {
  return Boolean(version.iosAssetUrl && version.androidAssetUrl);
}

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
  const hasBuilds = hasRequiredBuilds(version);
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
export function checkEdit(version: ReviewedState, interruptReview: boolean): ReviewStatus | Refusal {
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

/**
 * How the Version page may change a version: freely, only once the partner confirms that the review in progress
 * is interrupted, or not at all.
 */
export type EditMode = 'edit' | 'interrupt-review' | 'read-only';

export function editModeOf(version: ReviewedState): EditMode {
  if (!isRefusal(checkEdit(version, false))) return 'edit';
  return isRefusal(checkEdit(version, true)) ? 'read-only' : 'interrupt-review';
}

export function checkTakeDown(version: Pick<VersionState, 'isLive'>): Refusal | undefined {
  return isLive(version) ? undefined : refuse('VersionNotTakeDownable');
}

export const reviewActions = ['start', 'accept', 'reject'] as const;
export type ReviewAction = (typeof reviewActions)[number];
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

export function checkReview(version: ReviewedState, action: ReviewAction): ReviewStatus | Refusal {
  if (version.slot !== 'release' || version.status !== 'Active' || version.reviewStatus !== REVIEW_FROM[action]) {
    return refuse('ReviewTransitionInvalid');
  }
  return REVIEW_TO[action];
}

/** The review steps a reviewer can take on a version now. */
export function reviewActionsFor(version: ReviewedState): ReviewAction[] {
  return reviewActions.filter((action) => !isRefusal(checkReview(version, action)));
}

/**
 * The partner wrote last and the version still waits for the reviewers' decision: a reviewer owes an answer.
 * Once the version is decided the conversation no longer holds anything up.
 */
export function hasPartnerReplied(
  version: Pick<VersionState, 'reviewStatus' | 'status'>,
  lastMessageBy: MessageAuthor | null,
): boolean {
  return lastMessageBy === 'Partner' && isInReview(version);
}

/**
 * The status My Projects shows for an item, from its two slots: the progress of its newest submission. Whether the
 * item is on the marketplace meanwhile is `liveVersionOf`'s answer.
 */
export function deriveProjectStatus(slots: Pick<Slots, 'testing' | 'release'>): ProjectStatus {
  const { testing, release } = slots;
  if (release?.status === 'Active') {
    switch (release.reviewStatus) {
      case 'AcceptedAndReleased':
        return release.releasedAt === null ? 'ReadyToRelease' : 'Released';
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
