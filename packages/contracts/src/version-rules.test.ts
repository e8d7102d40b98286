import { describe, expect, it } from 'vitest';
import {
  checkAdd,
  checkEdit,
  checkReview,
  checkSubmit,
  checkTakeDown,
  deriveProjectStatus,
  type VersionState,
} from './version-rules.ts';

const version = (overrides: Partial<VersionState> = {}): VersionState => ({
  id: 'v',
  number: 1,
  slot: 'testing',
  reviewStatus: 'PrepareForSubmission',
  status: 'Active',
  iosAssetUrl: '/files/a/origin.ab',
  androidAssetUrl: '/files/b/origin.ab',
  ...overrides,
});
const release = (reviewStatus: VersionState['reviewStatus'], status: VersionState['status'] = 'Active') =>
  version({ slot: 'release', reviewStatus, status });

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
    [undefined, release('Rejected'), 'Rejected'],
    [undefined, release('PrepareForSubmission'), 'InTesting'],
    [undefined, release('AcceptedAndReleased', 'TakeDown'), 'TakenDown'],
    [version(), release('AcceptedAndReleased', 'TakeDown'), 'InTesting'],
  ] as const)('testing %o and release %o show %s', (testing, rel, expected) => {
    expect(deriveProjectStatus({ testing, release: rel })).toBe(expected);
  });
});
