import { z } from 'zod';
import { paramText } from './validation.ts';
import { reviewStatusSchema } from './versions.ts';

/**
 * How long reviews take, from the versions table alone: a decision is a version accepted or rejected, timed from
 * its last submission to its last review step. A version rejected and then resubmitted counts once, at its last
 * decision; one the partner has edited since its rejection no longer counts until it is decided again.
 */

/** The figures look at the decisions of the last this many days. */
export const REVIEW_TIMES_WINDOW_DAYS = 30;

/** `GET /api/ReviewTimes/Version/{versionId}`. */
export const reviewStandingParamsSchema = z.object({ versionId: paramText(64) });

/** Where one of the partner's versions stands in the review queue, and how long decisions take. */
export const reviewStandingSchema = z.object({
  versionId: z.string(),
  reviewStatus: reviewStatusSchema,
  /** 1 for the next to be decided; null unless the version is in the queue. */
  position: z.number().int().nullable(),
  /** Every version in the queue (waiting or under review), all partners'. */
  waitingCount: z.number().int(),
  /** The median time from submission to decision over the window; null without decisions in it. */
  medianDecisionMs: z.number().int().nullable(),
  decisionsCount: z.number().int(),
});
export type ReviewStanding = z.infer<typeof reviewStandingSchema>;

/** One reviewer's decisions over the window. */
export const reviewerFiguresSchema = z.object({
  /** Null for decisions taken before reviewers were recorded (or by an account since deleted). */
  reviewerId: z.string().nullable(),
  name: z.string(),
  decisionsCount: z.number().int(),
  acceptedCount: z.number().int(),
  rejectedCount: z.number().int(),
  medianDecisionMs: z.number().int().nullable(),
});
export type ReviewerFigures = z.infer<typeof reviewerFiguresSchema>;

/** The version that has waited longest for a decision (waiting or under review). */
export const oldestWaitingSchema = z.object({
  versionId: z.string(),
  itemType: z.enum(['Product', 'Model']),
  itemId: z.string(),
  itemName: z.string(),
  version: z.number().int(),
  partnerName: z.string(),
  submittedAt: z.string(),
});
export type OldestWaiting = z.infer<typeof oldestWaitingSchema>;

/** `GET /api/Admin/ReviewTimes`: the review console's figures. */
export const reviewTimesSchema = z.object({
  windowDays: z.number().int(),
  overall: z.object({
    medianDecisionMs: z.number().int().nullable(),
    decisionsCount: z.number().int(),
    waitingCount: z.number().int(),
  }),
  /** Most decisions first. */
  reviewers: z.array(reviewerFiguresSchema),
  oldestWaiting: oldestWaitingSchema.nullable(),
});
export type ReviewTimes = z.infer<typeof reviewTimesSchema>;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

const HOUR_MS = 3_600_000;
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A duration as partners and reviewers read it: "less than an hour", "about 3 hours", "1 day 4 hours". */
export function formatDuration(ms: number): string {
  const hours = Math.round(Math.max(0, ms) / HOUR_MS);
  if (ms < HOUR_MS || hours === 0) return 'less than an hour';
  if (hours < 24) return `about ${plural(hours, 'hour')}`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} ${plural(rest, 'hour')}`;
}

/** "number 3 of 7"; null when the version is not in the queue. */
export function queuePositionText(standing: Pick<ReviewStanding, 'position' | 'waitingCount'>): string | null {
  return standing.position === null ? null : `number ${standing.position} of ${standing.waitingCount}`;
}

/** "about 5 hours (12 decisions)", or what to say when nothing was decided in the window. */
export function medianDecisionText(figures: { medianDecisionMs: number | null; decisionsCount: number }): string {
  if (figures.medianDecisionMs === null) return `no decisions in the last ${REVIEW_TIMES_WINDOW_DAYS} days`;
  return `${formatDuration(figures.medianDecisionMs)} (${plural(figures.decisionsCount, 'decision')})`;
}

/** The lines the mail that confirms a submission adds about the queue. */
export function submissionMailLines(standing: ReviewStanding): string[] {
  const lines: string[] = [];
  if (standing.position !== null) {
    lines.push(`You are number ${standing.position} of ${standing.waitingCount} in the review queue.`);
  }
  lines.push(
    standing.medianDecisionMs === null
      ? `No review was decided in the last ${REVIEW_TIMES_WINDOW_DAYS} days, so we cannot say how long it will take.`
      : `Reviews took ${formatDuration(standing.medianDecisionMs)} (median of the last ${REVIEW_TIMES_WINDOW_DAYS} days).`,
  );
  return lines;
}
