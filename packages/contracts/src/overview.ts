import { z } from 'zod';
import { type ProjectStatus, projectStatuses } from './catalog.ts';
import { isRefusal } from './refusal.ts';
import { checkSubmit, isAwaitingRelease, isRejected, type Slots, type VersionState } from './version-rules.ts';
import type { MessageAuthor } from './versions.ts';

/** What a signed-in partner should do next about a version, most pressing first. */
export const needsActionKinds = ['rejected', 'unanswered-question', 'ready-to-release', 'ready-to-submit'] as const;
export type NeedsActionKind = (typeof needsActionKinds)[number];

export const needsActionLabels: Record<NeedsActionKind, string> = {
  rejected: 'Rejected: read the reason, edit and submit again',
  'unanswered-question': 'The review team asked a question',
  'ready-to-release': 'Accepted: release it when you are ready',
  'ready-to-submit': 'Ready to submit for review',
};

export const needsActionSchema = z.object({
  kind: z.enum(needsActionKinds),
  itemType: z.enum(['Product', 'Model']),
  itemId: z.string(),
  itemName: z.string(),
  versionId: z.string(),
  versionNumber: z.number().int(),
});
export type NeedsAction = z.infer<typeof needsActionSchema>;

/** `GET /api/Overview`: the top of My Projects. */
export const partnerOverviewSchema = z.object({
  /** Every status, zero included. */
  itemsByStatus: z.object(
    Object.fromEntries(projectStatuses.map((status) => [status, z.number().int()])) as Record<
      ProjectStatus,
      z.ZodNumber
    >,
  ),
  /** Empty for a role that does not change versions (every entry asks something of a version). */
  needsAction: z.array(needsActionSchema),
  /** Null while the studio has no income record at all, or for a role that does not read income; integer cents. */
  income: z
    .object({
      /** Income of this month's sales (Hong Kong month), whatever their settlement. */
      monthCents: z.number().int(),
      currency: z.literal('USD'),
      /** The next payout day with something to pay; null when nothing waits. */
      nextPayoutDate: z.string().nullable(),
      nextPayoutCents: z.number().int().nullable(),
    })
    .nullable(),
});
export type PartnerOverview = z.infer<typeof partnerOverviewSchema>;

/** Every status at zero: the counts a partner without items sees. */
export const emptyStatusCounts = (): Record<ProjectStatus, number> =>
  Object.fromEntries(projectStatuses.map((status) => [status, 0])) as Record<ProjectStatus, number>;

/** Accepted or rejected: the reviewers have nothing left to say about it until it is submitted again. */
export function isDecided(version: Pick<VersionState, 'reviewStatus'>): boolean {
  return version.reviewStatus === 'AcceptedAndReleased' || version.reviewStatus === 'Rejected';
}

/**
 * The reviewers wrote last about an active, undecided version of an item's two slots: the partner owes an answer.
 * The counterpart of `hasPartnerReplied`.
 */
export function hasUnansweredQuestion(
  version: Pick<VersionState, 'slot' | 'reviewStatus' | 'status'>,
  lastMessageBy: MessageAuthor | null,
): boolean {
  return (
    lastMessageBy === 'Reviewer' && version.status === 'Active' && version.slot !== 'history' && !isDecided(version)
  );
}

/**
 * What a version asks of its partner, if anything: one kind per version, the most pressing. Ready to submit is
 * whatever `checkSubmit` lets through (a testing version with its builds whose release is settled, or a release
 * prepared again after a rejection or an interrupted review).
 */
export function needsActionOf(
  version: VersionState,
  slots: Slots,
  lastMessageBy: MessageAuthor | null,
): NeedsActionKind | undefined {
  if (isRejected(version)) return 'rejected';
  if (hasUnansweredQuestion(version, lastMessageBy)) return 'unanswered-question';
  if (isAwaitingRelease(version)) return 'ready-to-release';
  if (!isRefusal(checkSubmit(slots, version))) return 'ready-to-submit';
  return undefined;
}

/** The attention list's order: most pressing kind first, then by item name. */
export function compareNeedsAction(a: NeedsAction, b: NeedsAction): number {
  return (
    needsActionKinds.indexOf(a.kind) - needsActionKinds.indexOf(b.kind) ||
    a.itemName.localeCompare(b.itemName) ||
    a.versionNumber - b.versionNumber
  );
}
