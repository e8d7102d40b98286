import { describe, expect, it } from 'vitest';
import {
  checkAdd,
  checkEdit,
  checkRelease,
  checkReview,
  checkSubmit,
  checkTakeDown,
  deriveProjectStatus,
  editModeOf,
  hasPartnerReplied,
  hasRequiredBuilds,
  isAwaitingRelease,
  isInReview,
  isLive,
  isRejected,
  liveVersionOf,
  reviewActionsFor,
  slotsOf,
  type VersionState,
} from './version-rules.ts';
import { versionState } from './version-states.fixtures.ts';

const version = versionState;
const RELEASED_AT = '2026-11-01T00:00:00.000Z';
/** A release slot version; an accepted one was released on acceptance and is live while active. */
const release = (reviewStatus: VersionState['reviewStatus'], status: VersionState['status'] = 'Active') =>
  version({
    slot: 'release',
    reviewStatus,
    status,
    releasedAt: reviewStatus === 'AcceptedAndReleased' ? RELEASED_AT : null,
    isLive: reviewStatus === 'AcceptedAndReleased' && status === 'Active',
  });
const awaitingRelease = () =>
  version({ slot: 'release', reviewStatus: 'AcceptedAndReleased', releaseOnAcceptance: false });

describe('adding a version', () => {
  it('is allowed with no testing version and a settled release', () => {
    for (const rel of [undefined, release('AcceptedAndReleased'), release('Rejected', 'TakeDown')]) {
      expect(checkAdd({ testing: undefined, release: rel, highestNumber: 1 }, 2)).toBeUndefined();
    }
  });
  it('is refused with a testing version, an unsettled release, or a number not above the last', () => {
    expect(checkAdd({ testing: version(), release: undefined, highestNumber: 1 }, 2)).toEqual({
      refused: 'TestingVersionExists',
    });
    for (const status of ['PrepareForSubmission', 'SubmitedWaitingReview', 'UnderReviewing', 'Rejected'] as const) {
      expect(checkAdd({ testing: undefined, release: release(status), highestNumber: 1 }, 2)).toEqual({
        refused: 'ReleaseNotSettled',
      });
    }
    expect(checkAdd({ testing: undefined, release: undefined, highestNumber: 3 }, 3)).toEqual({
      refused: 'VersionNumberNotHigher',
    });
  });
});

describe('submitting', () => {
  it('promotes the testing version, or resubmits a release prepared again', () => {
    expect(checkSubmit({ testing: version(), release: undefined, highestNumber: 1 }, version())).toEqual({
      kind: 'promote-testing',
    });
    const prepared = release('PrepareForSubmission');
    expect(checkSubmit({ testing: undefined, release: prepared, highestNumber: 1 }, prepared)).toEqual({
      kind: 'resubmit-release',
    });
  });
  it('needs the iOS and Android builds', () => {
    expect(
      checkSubmit({ testing: undefined, release: undefined, highestNumber: 1 }, version({ androidAssetUrl: null })),
    ).toEqual({
      refused: 'VersionBuildsMissing',
    });
  });
  it('is refused for versions in review, accepted, rejected, taken down or in history', () => {
    for (const v of [
      release('SubmitedWaitingReview'),
      release('UnderReviewing'),
      release('AcceptedAndReleased'),
      release('Rejected'),
      release('PrepareForSubmission', 'TakeDown'),
      version({ slot: 'history' }),
    ]) {
      expect(checkSubmit({ testing: undefined, release: v, highestNumber: 1 }, v)).toEqual({
        refused: 'VersionNotSubmittable',
      });
    }
    expect(
      checkSubmit({ testing: version(), release: release('UnderReviewing'), highestNumber: 2 }, version()),
    ).toEqual({
      refused: 'ReleaseNotSettled',
    });
  });
});

describe('editing', () => {
  it('puts rejected and prepared versions back to Prepare For Submission', () => {
    expect(checkEdit(version(), false)).toBe('PrepareForSubmission');
    expect(checkEdit(release('Rejected'), false)).toBe('PrepareForSubmission');
  });
  it('interrupts a review only when asked to', () => {
    expect(checkEdit(release('UnderReviewing'), false)).toEqual({ refused: 'ReviewInProgress' });
    expect(checkEdit(release('SubmitedWaitingReview'), true)).toBe('PrepareForSubmission');
  });
  it('never changes accepted, taken down or history versions', () => {
    expect(checkEdit(release('AcceptedAndReleased'), true)).toEqual({ refused: 'VersionNotEditable' });
    expect(checkEdit(release('AcceptedAndReleased', 'TakeDown'), true)).toEqual({ refused: 'VersionNotEditable' });
    expect(checkEdit(version({ slot: 'history' }), true)).toEqual({ refused: 'VersionNotEditable' });
  });
});

describe('take down and review', () => {
  it('takes down only a live release', () => {
    expect(checkTakeDown(release('AcceptedAndReleased'))).toBeUndefined();
    expect(checkTakeDown(release('Rejected'))).toEqual({ refused: 'VersionNotTakeDownable' });
    expect(checkTakeDown(release('AcceptedAndReleased', 'TakeDown'))).toEqual({ refused: 'VersionNotTakeDownable' });
  });
  it('reviews in order: waiting → under review → accepted or rejected', () => {
    expect(checkReview(release('SubmitedWaitingReview'), 'start')).toBe('UnderReviewing');
    expect(checkReview(release('UnderReviewing'), 'accept')).toBe('AcceptedAndReleased');
    expect(checkReview(release('UnderReviewing'), 'reject')).toBe('Rejected');
    expect(checkReview(release('SubmitedWaitingReview'), 'accept')).toEqual({ refused: 'ReviewTransitionInvalid' });
    expect(checkReview(version(), 'start')).toEqual({ refused: 'ReviewTransitionInvalid' });
  });
});

describe('project status', () => {
  it.each([
    [undefined, undefined, 'Draft'],
    [version(), undefined, 'InTesting'],
    [undefined, release('SubmitedWaitingReview'), 'WaitingReview'],
    [undefined, release('UnderReviewing'), 'UnderReview'],
    [undefined, release('AcceptedAndReleased'), 'Released'],
    [version(), release('AcceptedAndReleased'), 'Released'],
    [undefined, awaitingRelease(), 'ReadyToRelease'],
    [undefined, release('Rejected'), 'Rejected'],
    [undefined, release('PrepareForSubmission'), 'InTesting'],
    [undefined, release('AcceptedAndReleased', 'TakeDown'), 'TakenDown'],
    [version(), release('AcceptedAndReleased', 'TakeDown'), 'InTesting'],
  ] as const)('testing %o and release %o show %s', (testing, rel, expected) => {
    expect(deriveProjectStatus({ testing, release: rel })).toBe(expected);
  });
});

describe('slots', () => {
  it('finds the testing and release versions and the highest number among all', () => {
    const testing = version({ id: 't', number: 4 });
    const live = release('AcceptedAndReleased');
    const old = version({ id: 'h', slot: 'history', number: 7 });
    expect(slotsOf([old, testing, live])).toEqual({ testing, release: live, highestNumber: 7 });
    expect(slotsOf([])).toEqual({ testing: undefined, release: undefined, highestNumber: 0 });
  });
});

describe('where a version stands', () => {
  /** Version 1, released and since gone to the history. */
  const firstRelease = () =>
    version({ id: '1', number: 1, slot: 'history', reviewStatus: 'AcceptedAndReleased', releasedAt: RELEASED_AT });

  it('is live as the newest version ever released, while it is active', () => {
    const v1 = firstRelease();
    expect(liveVersionOf([v1, { ...release('UnderReviewing'), number: 2 }])).toBe(v1);
    expect(liveVersionOf([v1, { ...release('Rejected'), number: 2 }])).toBe(v1);
    expect(liveVersionOf([v1, { ...awaitingRelease(), number: 2 }])).toBe(v1);
    const v2 = { ...release('AcceptedAndReleased'), id: '2', number: 2 };
    expect(liveVersionOf([v1, v2])).toBe(v2);
    expect(liveVersionOf([])).toBeUndefined();
    expect(liveVersionOf([version()])).toBeUndefined();
  });
  it('takes the item off the marketplace when the newest release is taken down, never bringing an older one back', () => {
    const v1 = firstRelease();
    expect(liveVersionOf([v1, { ...release('AcceptedAndReleased', 'TakeDown'), number: 2 }])).toBeUndefined();
    expect(
      liveVersionOf([
        { ...v1, status: 'TakeDown' },
        { ...release('UnderReviewing'), number: 2 },
      ]),
    ).toBeUndefined();
  });
  it('reads the live flag the server stored', () => {
    expect(isLive(release('AcceptedAndReleased'))).toBe(true);
    expect(isLive(release('AcceptedAndReleased', 'TakeDown'))).toBe(false);
    expect(isLive(release('UnderReviewing'))).toBe(false);
  });
  it('releases by hand only an accepted, active release that is not on sale yet', () => {
    expect(isAwaitingRelease(awaitingRelease())).toBe(true);
    expect(checkRelease(awaitingRelease())).toBeUndefined();
    expect(checkRelease(release('AcceptedAndReleased'))).toEqual({ refused: 'VersionNotReleasable' });
    expect(checkRelease(release('UnderReviewing'))).toEqual({ refused: 'VersionNotReleasable' });
    expect(checkRelease({ ...awaitingRelease(), status: 'TakeDown' })).toEqual({ refused: 'VersionNotReleasable' });
    expect(checkRelease({ ...awaitingRelease(), slot: 'history' })).toEqual({ refused: 'VersionNotReleasable' });
  });
  it('is in review while waiting for or under review', () => {
    expect(isInReview(release('SubmitedWaitingReview'))).toBe(true);
    expect(isInReview(release('UnderReviewing'))).toBe(true);
    for (const status of ['PrepareForSubmission', 'AcceptedAndReleased', 'Rejected'] as const) {
      expect(isInReview(release(status))).toBe(false);
    }
  });
  it('is rejected while the rejected version is still active', () => {
    expect(isRejected(release('Rejected'))).toBe(true);
    expect(isRejected(release('Rejected', 'TakeDown'))).toBe(false);
    expect(isRejected(release('UnderReviewing'))).toBe(false);
  });
  it('has its required builds once both iOS and Android are uploaded', () => {
    expect(hasRequiredBuilds(version())).toBe(true);
    expect(hasRequiredBuilds(version({ iosAssetUrl: null }))).toBe(false);
    expect(hasRequiredBuilds(version({ androidAssetUrl: null }))).toBe(false);
  });
});

describe('what the Version page offers', () => {
  it('edits prepared and rejected versions', () => {
    expect(editModeOf(version())).toBe('edit');
    expect(editModeOf(release('PrepareForSubmission'))).toBe('edit');
    expect(editModeOf(release('Rejected'))).toBe('edit');
  });
  it('edits a version in review only by interrupting the review', () => {
    expect(editModeOf(release('SubmitedWaitingReview'))).toBe('interrupt-review');
    expect(editModeOf(release('UnderReviewing'))).toBe('interrupt-review');
  });
  it('only shows released, taken down and history versions', () => {
    expect(editModeOf(release('AcceptedAndReleased'))).toBe('read-only');
    expect(editModeOf(release('AcceptedAndReleased', 'TakeDown'))).toBe('read-only');
    expect(editModeOf(version({ slot: 'history', reviewStatus: 'Rejected' }))).toBe('read-only');
  });
});

describe('the review console', () => {
  it('offers Start to a waiting version, Accept and Reject to one under review, nothing otherwise', () => {
    expect(reviewActionsFor(release('SubmitedWaitingReview'))).toEqual(['start']);
    expect(reviewActionsFor(release('UnderReviewing'))).toEqual(['accept', 'reject']);
    expect(reviewActionsFor(release('AcceptedAndReleased'))).toEqual([]);
    expect(reviewActionsFor(version({ reviewStatus: 'SubmitedWaitingReview' }))).toEqual([]);
  });
  it('says the partner replied only while the partner wrote last and the version is still in review', () => {
    expect(hasPartnerReplied(release('SubmitedWaitingReview'), 'Partner')).toBe(true);
    expect(hasPartnerReplied(release('UnderReviewing'), 'Partner')).toBe(true);
    expect(hasPartnerReplied(release('UnderReviewing'), 'Reviewer')).toBe(false);
    expect(hasPartnerReplied(release('UnderReviewing'), null)).toBe(false);
    expect(hasPartnerReplied(release('AcceptedAndReleased'), 'Partner')).toBe(false);
    expect(hasPartnerReplied(release('Rejected'), 'Partner')).toBe(false);
  });
});
