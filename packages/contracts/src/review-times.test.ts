import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  medianDecisionText,
  medianOf,
  queuePositionText,
  type ReviewStanding,
  submissionMailLines,
} from './review-times.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('medianOf', () => {
  it('has no median without values', () => {
    expect(medianOf([])).toBeNull();
  });
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(medianOf([7])).toBe(7);
    expect(medianOf([9, 1, 5])).toBe(5);
    expect(medianOf([3, 100, 2, 1, 50])).toBe(3);
  });
  it('takes the mean of the two middle values of an even count', () => {
    expect(medianOf([4, 1])).toBe(2.5);
    expect(medianOf([10, 2, 8, 4])).toBe(6);
  });
  it('leaves its input as it was', () => {
    const values = [3, 1, 2];
    medianOf(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('formatDuration', () => {
  it('says less than an hour below one', () => {
    expect(formatDuration(0)).toBe('less than an hour');
    expect(formatDuration(59 * MINUTE)).toBe('less than an hour');
    expect(formatDuration(-5 * HOUR)).toBe('less than an hour');
  });
  it('rounds to the hour below a day', () => {
    expect(formatDuration(HOUR)).toBe('about 1 hour');
    expect(formatDuration(89 * MINUTE)).toBe('about 1 hour');
    expect(formatDuration(3 * HOUR + 20 * MINUTE)).toBe('about 3 hours');
    expect(formatDuration(23 * HOUR)).toBe('about 23 hours');
  });
  it('counts days and hours from a day', () => {
    expect(formatDuration(23 * HOUR + 40 * MINUTE)).toBe('1 day');
    expect(formatDuration(DAY + 4 * HOUR)).toBe('1 day 4 hours');
    expect(formatDuration(DAY + HOUR)).toBe('1 day 1 hour');
    expect(formatDuration(3 * DAY)).toBe('3 days');
    expect(formatDuration(12 * DAY + 5 * HOUR + 10 * MINUTE)).toBe('12 days 5 hours');
  });
});

const standing = (overrides: Partial<ReviewStanding> = {}): ReviewStanding => ({
  versionId: 'v',
  reviewStatus: 'SubmitedWaitingReview',
  position: 3,
  waitingCount: 7,
  medianDecisionMs: 5 * HOUR,
  decisionsCount: 12,
  ...overrides,
});

describe('the texts of a standing', () => {
  it('names the position in the queue only while the version is in it', () => {
    expect(queuePositionText(standing())).toBe('number 3 of 7');
    expect(queuePositionText(standing({ position: null }))).toBeNull();
  });
  it('gives the median with the count of decisions, or says there were none', () => {
    expect(medianDecisionText(standing())).toBe('about 5 hours (12 decisions)');
    expect(medianDecisionText(standing({ medianDecisionMs: 30 * MINUTE, decisionsCount: 1 }))).toBe(
      'less than an hour (1 decision)',
    );
    expect(medianDecisionText(standing({ medianDecisionMs: null, decisionsCount: 0 }))).toBe(
      'no decisions in the last 30 days',
    );
  });
  it('tells the submitter where they stand and how long reviews took', () => {
    expect(submissionMailLines(standing())).toEqual([
      'You are number 3 of 7 in the review queue.',
      'Reviews took about 5 hours (median of the last 30 days).',
    ]);
    expect(submissionMailLines(standing({ position: null, medianDecisionMs: null, decisionsCount: 0 }))).toEqual([
      'No review was decided in the last 30 days, so we cannot say how long it will take.',
    ]);
  });
});
