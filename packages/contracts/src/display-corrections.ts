/**
 * Texts SPEC.md carries with a slip of the original client, beside the English the portal shows instead. Only what
 * a person reads is corrected: wire values stay verbatim (the review status `SubmitedWaitingReview` is still what the
 * API sends and accepts). The messages and labels that show these texts read them from here.
 */
export const displayCorrections = {
  /** §8, the success toast of Send Code. */
  codeSent: {
    spec: 'Verification code has been setInterval',
    shown: 'Verification code has been sent',
  },
  /** §4, the label of the review status `SubmitedWaitingReview`. */
  submittedWaitingReview: {
    spec: 'Submited Waiting Review',
    // App Store Connect's words for the same state, short enough for a status pill on a phone
    shown: 'Waiting for Review',
  },
  /** §5, the staging console's round limits: the maximum below the minimum. */
  roundsMaxBelowMin: {
    spec: 'Must be garter than minimum number of rounds',
    shown: 'Must be greater than minimum number of rounds',
  },
} as const satisfies Record<string, { spec: string; shown: string }>;

export type DisplayCorrection = keyof typeof displayCorrections;
