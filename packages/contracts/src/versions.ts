import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.ts';
import { displayCorrections } from './display-corrections.ts';
import { noControlChars, paramText, requiredText } from './validation.ts';

export const reviewStatuses = [
  'PrepareForSubmission',
  'SubmitedWaitingReview',
  'UnderReviewing',
  'AcceptedAndReleased',
  'Rejected',
] as const;
export const reviewStatusSchema = z.enum(reviewStatuses);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;
/** Labels exactly as the portal has always shown them. */
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  PrepareForSubmission: 'Prepare For Submission',
  SubmitedWaitingReview: displayCorrections.submittedWaitingReview.shown,
  UnderReviewing: 'Under Reviewing',
  AcceptedAndReleased: 'Accepted And Released',
  Rejected: 'Rejected',
};

export const versionStatuses = ['Active', 'TakeDown'] as const;
export const versionStatusSchema = z.enum(versionStatuses);
export type VersionStatus = z.infer<typeof versionStatusSchema>;
export const versionStatusLabels: Record<VersionStatus, string> = { Active: 'Active', TakeDown: 'Take Down' };

/** testing: the one being prepared; release: the one submitted or live; history: every earlier one. */
export const versionSlots = ['testing', 'release', 'history'] as const;
export const versionSlotSchema = z.enum(versionSlots);
export type VersionSlot = z.infer<typeof versionSlotSchema>;

export const takeDownRoles = ['Developers', 'Admins'] as const;
export type TakeDownRole = (typeof takeDownRoles)[number];

export const versionMessages = {
  positiveInteger: 'Please enter a positive integer',
  valueRequired: 'Please input the value',
  updateLogRequired: 'Please input update log',
  iosRequired: 'Please upload ios file',
  androidRequired: 'Please upload android file',
  added: 'add version successfully',
  submitted: 'submit successfully',
  takenDown: 'take down successfully',
  saved: 'set version successfully',
  reasonRequired: 'Please input the reason',
  messageRequired: 'Please write a message',
  messageSent: 'Message sent',
  released: 'Version released',
} as const;

const versionNumber = z
  .number({ error: versionMessages.valueRequired })
  .int({ error: versionMessages.positiveInteger })
  .min(1, { error: versionMessages.positiveInteger })
  .max(1_000_000, { error: versionMessages.positiveInteger });

export const addProductVersionBodySchema = z.strictObject({
  productId: z.string({ error: 'productId is required' }).max(64).check(noControlChars()),
  productVersion: versionNumber,
});
export const addModelVersionBodySchema = z.strictObject({
  modelId: z.string({ error: 'modelId is required' }).max(64).check(noControlChars()),
  modelVersion: versionNumber,
});

const assetUrl = z.string().trim().max(500).check(noControlChars());

export const MAX_UPDATE_LOG_LENGTH = 5000;

/** The Version page: update log and the four platform builds. */
export const updateVersionBodySchema = z.strictObject({
  updateLog: requiredText(versionMessages.updateLogRequired, MAX_UPDATE_LOG_LENGTH, { multiline: true }),
  iosAssetUrl: assetUrl.min(1, { error: versionMessages.iosRequired }),
  androidAssetUrl: assetUrl.min(1, { error: versionMessages.androidRequired }),
  visionOSAssetUrl: assetUrl.optional().transform((v) => v || null),
  macOSAssetUrl: assetUrl.optional().transform((v) => v || null),
  /** Editing a version under review interrupts the review; the partner must say so. */
  interruptReview: z.boolean().default(false),
});
export type UpdateVersionBody = z.input<typeof updateVersionBodySchema>;
export type VersionUpdate = z.output<typeof updateVersionBodySchema>;

const versionBase = {
  id: z.string(),
  slot: versionSlotSchema,
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewStatus: reviewStatusSchema,
  status: versionStatusSchema,
  updateLog: z.string(),
  unapproveReason: z.string().nullable(),
  takeDownRole: z.enum(takeDownRoles).nullable(),
  takeDownReason: z.string().nullable(),
  iosAssetUrl: z.string().nullable(),
  androidAssetUrl: z.string().nullable(),
  visionOSAssetUrl: z.string().nullable(),
  macOSAssetUrl: z.string().nullable(),
  /** Reviewer messages about this version that the partner has not read yet. */
  unreadMessageCount: z.number().int(),
  /** Chosen at submission: go live on acceptance, or wait for the partner to release it. */
  releaseOnAcceptance: z.boolean(),
  /** When it went on sale; null until then (an accepted version released by hand waits with null). */
  releasedAt: z.string().nullable(),
  /** The version the marketplace serves for its item now: at most one per item, in any slot. */
  isLive: z.boolean(),
};

export const productVersionSchema = z.object({ ...versionBase, productVersion: z.number().int() });
export type ProductVersion = z.infer<typeof productVersionSchema>;
export const modelVersionSchema = z.object({ ...versionBase, modelVersion: z.number().int() });
export type ModelVersion = z.infer<typeof modelVersionSchema>;

export const productVersionsResponseSchema = z.object({
  testingVersion: productVersionSchema.nullable(),
  releaseVersion: productVersionSchema.nullable(),
  historyVersions: z.array(productVersionSchema),
});
export type ProductVersionsResponse = z.infer<typeof productVersionsResponseSchema>;
export const modelVersionsResponseSchema = z.object({
  testingVersion: modelVersionSchema.nullable(),
  releaseVersion: modelVersionSchema.nullable(),
  historyVersions: z.array(modelVersionSchema),
});
export type ModelVersionsResponse = z.infer<typeof modelVersionsResponseSchema>;

export const versionIdParamsSchema = z.object({ id: paramText(64) });
export const submitParamsSchema = z.object({ itemId: paramText(64), versionId: paramText(64) });

/** `PUT …/Version/Submit/…`: an optional body; without it the version goes live as soon as it is accepted. */
export const submitVersionBodySchema = z
  .strictObject({ releaseOnAcceptance: z.boolean({ error: 'releaseOnAcceptance must be true or false' }).optional() })
  .nullish();
export type SubmitVersionBody = z.input<typeof submitVersionBodySchema>;

/** `GET /api/Product/Live/{itemId}`: what the marketplace serves for an item, for the AR app. */
export const liveItemSchema = z.object({
  itemId: z.string(),
  itemType: z.enum(['Product', 'Model']),
  name: z.string(),
  version: z.number().int(),
  versionId: z.string(),
  releasedAt: z.string(),
  updateLog: z.string(),
  /**
   * Whether the caller may download the builds: `Granted` (a signed-in player; of a paid item, one the marketplace
   * reported a purchase of), with `files` as URLs signed for LIVE_BUILD_URL_TTL_MS; else `SignInRequired` or
   * `PurchaseRequired`, with every file null.
   */
  filesAccess: z.enum(['Granted', 'SignInRequired', 'PurchaseRequired']),
  files: z.object({
    ios: z.string().nullable(),
    android: z.string().nullable(),
    visionOS: z.string().nullable(),
    macOS: z.string().nullable(),
  }),
});
export type LiveItem = z.infer<typeof liveItemSchema>;
export const liveItemParamsSchema = z.object({ itemId: paramText(64) });

/** Why a reviewer rejects or takes down a version. */
export const MAX_REASON_LENGTH = 2000;

export const reasonBodySchema = z.strictObject({
  reason: requiredText(versionMessages.reasonRequired, MAX_REASON_LENGTH, { multiline: true }),
});

/** Who wrote a message of a review conversation. */
export const messageAuthorSchema = z.enum(['Partner', 'Reviewer']);
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

/** One entry of the admin review queue. */
export const reviewQueueItemSchema = z.object({
  versionId: z.string(),
  itemType: z.enum(['Product', 'Model']),
  itemId: z.string(),
  itemName: z.string(),
  itemIconUrl: z.string(),
  partner: z.object({ email: z.string(), fullName: z.string(), businessName: z.string() }),
  version: z.number().int(),
  slot: versionSlotSchema,
  reviewStatus: reviewStatusSchema,
  status: versionStatusSchema,
  /** On sale now: the live releases list holds these. */
  isLive: z.boolean(),
  /** The partner's choice: live on acceptance, or released by the partner afterwards. */
  releaseOnAcceptance: z.boolean(),
  updateLog: z.string(),
  submittedAt: z.string().nullable(),
  files: z.object({
    ios: z.string().nullable(),
    android: z.string().nullable(),
    visionOS: z.string().nullable(),
    macOS: z.string().nullable(),
  }),
  /** How many messages the version's conversation holds, and who wrote the last one. */
  messageCount: z.number().int(),
  lastMessageBy: messageAuthorSchema.nullable(),
  /** The partner wrote last and the version still waits for the reviewers: they owe an answer. */
  partnerReplied: z.boolean(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
/** A page of the review console's lists. */
export const reviewQueueResponseSchema = pagedSchema(reviewQueueItemSchema);
export type ReviewQueuePage = z.infer<typeof reviewQueueResponseSchema>;
export const REVIEW_QUEUE_PAGE_SIZE = 20;
export const reviewQueueQuerySchema = pageQuerySchema.extend({
  PageSize: pageQuerySchema.shape.PageSize.default(REVIEW_QUEUE_PAGE_SIZE),
});

/** The conversation between a partner and the reviewers about one version. */
export const MAX_REVIEW_MESSAGE_LENGTH = 2000;

export const reviewMessageBodySchema = z.strictObject({
  message: requiredText(versionMessages.messageRequired, MAX_REVIEW_MESSAGE_LENGTH, { multiline: true }),
});
export type ReviewMessageBody = z.infer<typeof reviewMessageBodySchema>;

export const reviewMessageSchema = z.object({
  id: z.string(),
  author: messageAuthorSchema,
  /** The partner's name, or the reviewer's for admins; partners see "Lumora review team". */
  authorName: z.string(),
  /** Whether the reader wrote it. */
  isMine: z.boolean(),
  message: z.string(),
  createdAt: z.string(),
});
export type ReviewMessage = z.infer<typeof reviewMessageSchema>;
export const reviewMessagesResponseSchema = z.object({ data: z.array(reviewMessageSchema) });
export type ReviewMessagesResponse = z.infer<typeof reviewMessagesResponseSchema>;

/** The partner has been shown the conversation up to this message (and every earlier one). */
export const markMessagesReadBodySchema = z.strictObject({
  lastMessageId: paramText(64),
});
export type MarkMessagesReadBody = z.infer<typeof markMessagesReadBodySchema>;
export const unreadMessagesResponseSchema = z.object({ unreadMessageCount: z.number().int() });
export type UnreadMessagesResponse = z.infer<typeof unreadMessagesResponseSchema>;
