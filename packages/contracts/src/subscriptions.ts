import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.ts';
import { payStatuses } from './subscription-rules.ts';
import { int4 } from './validation.ts';

export const SUBSCRIPTION_PAGE_SIZE = 10;
export const SUBSCRIPTION_QUANTITY = 1;
export const MAX_RETURN_URL_LENGTH = 2000;

export const payStatusSchema = z.enum(payStatuses, { error: `PayStatus must be one of ${payStatuses.join(', ')}` });

const returnUrl = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(MAX_RETURN_URL_LENGTH, { error: `${field} is too long` })
    .url({ error: `${field} must be an absolute URL of the portal` });

/** `POST /api/Subscription/Purchase/Stripe`: one month of AR placement (SPEC §7). */
export const purchaseBodySchema = z.strictObject({
  quantity: int4({ min: SUBSCRIPTION_QUANTITY, max: SUBSCRIPTION_QUANTITY, error: 'quantity must be 1' }),
  cancelUrl: returnUrl('cancelUrl'),
  successUrl: returnUrl('successUrl'),
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

/** Where to send the partner: the provider's checkout, or (a free month) straight back to the success page. */
export const purchaseResponseSchema = z.object({ url: z.string(), subscriptionId: z.string() });
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

/** A purchase as SPEC §3 draws it; `orderAmount` in US dollars. */
export const subscriptionRecordSchema = z.object({
  id: z.string(),
  description: z.string(),
  startdAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  orderAmount: z.number(),
  payStatus: payStatusSchema,
  createdAt: z.string(),
});
export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;
export const subscriptionPageSchema = pagedSchema(subscriptionRecordSchema);
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

const createdFilter = z
  .string()
  .max(40)
  .refine(
    (value) => z.iso.datetime({ offset: true }).safeParse(value).success || z.iso.date().safeParse(value).success,
    {
      error: 'must be an ISO date (YYYY-MM-DD) or date and time',
    },
  )
  .optional();

/** `GET /api/Subscription/Query` (SPEC §7): a date without a time is a whole UTC day. */
export const subscriptionQuerySchema = pageQuerySchema
  .extend({
    PageSize: pageQuerySchema.shape.PageSize.default(SUBSCRIPTION_PAGE_SIZE),
    PayStatus: payStatusSchema.optional(),
    CreatedStartAt: createdFilter,
    CreatedEndAt: createdFilter,
  })
  .refine(
    (query) => {
      const { from, to } = createdRange(query.CreatedStartAt, query.CreatedEndAt);
      return !from || !to || from.getTime() <= to.getTime();
    },
    { error: 'CreatedStartAt must not be after CreatedEndAt', path: ['CreatedStartAt'] },
  );
export type SubscriptionQuery = z.infer<typeof subscriptionQuerySchema>;

/** The first and last instants a created-at filter includes (a day runs to its end). */
export function createdRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return {
    ...(from ? { from: new Date(day.test(from) ? `${from}T00:00:00.000Z` : from) } : {}),
    ...(to ? { to: new Date(day.test(to) ? `${to}T23:59:59.999Z` : to) } : {}),
  };
}

/** `POST /api/Subscription/Confirm`: the success or cancel page asks how its checkout ended. */
export const confirmCheckoutBodySchema = z.strictObject({
  sessionId: z
    .string()
    .min(1, { error: 'sessionId is required' })
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'sessionId is not a checkout session id' }),
  /** The partner came back through the checkout's cancel link: an open checkout is closed. */
  cancelled: z.boolean().optional(),
});
export type ConfirmCheckoutBody = z.infer<typeof confirmCheckoutBodySchema>;

/** The partner's placement months: whether one covers now, and until when the bought months run. */
export const subscriptionStatusSchema = z.object({
  isSubscribed: z.boolean(),
  /** The end of the latest month bought (null: none). */
  activeUntil: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
