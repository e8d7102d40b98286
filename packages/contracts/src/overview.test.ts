import { describe, expect, it } from 'vitest';
import { projectStatuses } from './catalog.ts';
import {
  compareNeedsAction,
  emptyStatusCounts,
  hasUnansweredQuestion,
  type NeedsAction,
  needsActionOf,
} from './overview.ts';
import { slotsOf, type VersionState } from './version-rules.ts';
import { versionState } from './version-states.fixtures.ts';

const version = versionState;
const released = (overrides: Partial<VersionState> = {}) =>
  version({
    slot: 'release',
    reviewStatus: 'AcceptedAndReleased',
    releasedAt: '2026-11-01T00:00:00.000Z',
    isLive: true,
    ...overrides,
  });
/** What a version asks of its partner, among the versions of its item. */
const kindOf = (subject: VersionState, others: VersionState[] = [], lastBy: 'Partner' | 'Reviewer' | null = null) =>
  needsActionOf(subject, slotsOf([subject, ...others]), lastBy);

describe('what needs the partner’s action', () => {
  it('is a rejected active version, until it is edited or taken down', () => {
    const rejected = version({ slot: 'release', reviewStatus: 'Rejected' });
    expect(kindOf(rejected)).toBe('rejected');
    expect(kindOf({ ...rejected, status: 'TakeDown' })).toBeUndefined();
    expect(kindOf({ ...rejected, reviewStatus: 'PrepareForSubmission' })).toBe('ready-to-submit');
  });

  it('is a testing version with both builds whose release is settled', () => {
    expect(kindOf(version())).toBe('ready-to-submit');
    expect(kindOf(version(), [released({ id: 'r', number: 0 })])).toBe('ready-to-submit');
    expect(kindOf(version({ androidAssetUrl: null }))).toBeUndefined();
    expect(kindOf(version({ iosAssetUrl: null }))).toBeUndefined();
    const inReview = version({ id: 'r', number: 0, slot: 'release', reviewStatus: 'UnderReviewing' });
    expect(kindOf(version(), [inReview])).toBeUndefined();
  });

  it('is a version the reviewers wrote about last, while it is not decided', () => {
    const waiting = version({ slot: 'release', reviewStatus: 'SubmitedWaitingReview' });
    expect(kindOf(waiting, [], 'Reviewer')).toBe('unanswered-question');
    expect(kindOf(waiting, [], 'Partner')).toBeUndefined();
    expect(kindOf(waiting, [], null)).toBeUndefined();
    expect(kindOf(released(), [], 'Reviewer')).toBeUndefined();
    expect(kindOf({ ...waiting, slot: 'history' }, [], 'Reviewer')).toBeUndefined();
    expect(kindOf({ ...waiting, status: 'TakeDown' }, [], 'Reviewer')).toBeUndefined();
    // a rejection says more than the question before it
    expect(kindOf(version({ slot: 'release', reviewStatus: 'Rejected' }), [], 'Reviewer')).toBe('rejected');
  });

  it('is an accepted version waiting for its partner to release it', () => {
    const accepted = released({ releasedAt: null, isLive: false, releaseOnAcceptance: false });
    expect(kindOf(accepted)).toBe('ready-to-release');
    expect(kindOf(released())).toBeUndefined();
    expect(kindOf({ ...accepted, status: 'TakeDown' })).toBeUndefined();
  });

  it('is nothing for versions waiting on the reviewers, live, or kept in history', () => {
    expect(kindOf(version({ slot: 'release', reviewStatus: 'SubmitedWaitingReview' }))).toBeUndefined();
    expect(kindOf(version({ slot: 'release', reviewStatus: 'UnderReviewing' }))).toBeUndefined();
    expect(kindOf(released())).toBeUndefined();
    expect(kindOf(released({ slot: 'history', isLive: false }))).toBeUndefined();
  });

  it('knows an unanswered question only from the reviewers', () => {
    const waiting = version({ slot: 'release', reviewStatus: 'UnderReviewing' });
    expect(hasUnansweredQuestion(waiting, 'Reviewer')).toBe(true);
    expect(hasUnansweredQuestion(waiting, 'Partner')).toBe(false);
  });

  it('lists the most pressing first, then by name', () => {
    const entry = (kind: NeedsAction['kind'], itemName: string): NeedsAction => ({
      kind,
      itemName,
      itemType: 'Product',
      itemId: itemName,
      versionId: itemName,
      versionNumber: 1,
    });
    const sorted = [
      entry('ready-to-submit', 'Apple'),
      entry('rejected', 'Zebra'),
      entry('unanswered-question', 'Kite'),
      entry('rejected', 'Bee'),
      entry('ready-to-release', 'Moss'),
    ].sort(compareNeedsAction);
    expect(sorted.map((e) => `${e.kind} ${e.itemName}`)).toEqual([
      'rejected Bee',
      'rejected Zebra',
      'unanswered-question Kite',
      'ready-to-release Moss',
      'ready-to-submit Apple',
    ]);
  });
});

describe('status counts', () => {
  it('start with every status at zero', () => {
    const counts = emptyStatusCounts();
    expect(Object.keys(counts).sort()).toEqual([...projectStatuses].sort());
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});
