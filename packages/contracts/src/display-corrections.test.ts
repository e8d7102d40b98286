import { describe, expect, it } from 'vitest';
import { accessMessages } from './access.ts';
import { displayCorrections } from './display-corrections.ts';
import { stagingMessages } from './messages.ts';
import { reviewStatusLabels, reviewStatusSchema } from './versions.ts';

describe('displayCorrections', () => {
  it('lists each slip exactly as SPEC.md words it', () => {
    expect(Object.fromEntries(Object.entries(displayCorrections).map(([key, { spec }]) => [key, spec]))).toEqual({
      codeSent: 'Verification code has been setInterval',
      submittedWaitingReview: 'Submited Waiting Review',
      roundsMaxBelowMin: 'Must be garter than minimum number of rounds',
    });
  });

  it('shows correct English in place of each slip', () => {
    expect(Object.fromEntries(Object.entries(displayCorrections).map(([key, { shown }]) => [key, shown]))).toEqual({
      codeSent: 'Verification code has been sent',
      submittedWaitingReview: 'Waiting for Review',
      roundsMaxBelowMin: 'Must be greater than minimum number of rounds',
    });
  });

  it('is where the messages and labels the portal shows come from', () => {
    expect(accessMessages.codeSent).toBe(displayCorrections.codeSent.shown);
    expect(reviewStatusLabels.SubmitedWaitingReview).toBe(displayCorrections.submittedWaitingReview.shown);
    expect(stagingMessages.roundsMaxBelowMin).toBe(displayCorrections.roundsMaxBelowMin.shown);
  });

  it('keeps the wire value of the review status verbatim', () => {
    expect(reviewStatusSchema.parse('SubmitedWaitingReview')).toBe('SubmitedWaitingReview');
    expect(reviewStatusSchema.safeParse('SubmittedWaitingReview').success).toBe(false);
  });
});
