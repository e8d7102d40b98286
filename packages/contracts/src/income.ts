import { z } from 'zod';
import { imageRefSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { emailSchema, int4, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, paramText, requiredText } from './validation.ts';

/** A sale's settlement: Unsettled (Preparing Commission) → Settling (Released Commission) → Settled (Collected). */
export const incomeStatuses = ['Unsettled', 'Settling', 'Settled', 'NonSettlement'] as const;
export const incomeStatusSchema = z.enum(incomeStatuses);
export type IncomeStatus = z.infer<typeof incomeStatusSchema>;

export const MAX_TRANSACTION_ID_LENGTH = 128;

/** `POST /api/internal/Sales`: the marketplace reports one sale; amounts in USD cents. */
export const saleReportSchema = z.strictObject({
  transactionId: requiredText('transactionId is required', MAX_TRANSACTION_ID_LENGTH),
  itemType: z.enum(['Product', 'Model'], { error: 'itemType must be Product or Model' }),
  itemId: z.uuid({ error: 'itemId must be the id of a game or a 3D model' }),
  version: int4({ min: 1, error: 'version must be a whole number from 1' }),
  buyer: z.strictObject({
    email: emailSchema.max(MAX_EMAIL_LENGTH),
    fullName: requiredText('buyer.fullName is required', MAX_NAME_LENGTH * 2),
  }),
  purchasedAt: z.iso.datetime({ offset: true, error: 'purchasedAt must be an ISO date and time' }),
  totalPrice: int4({ min: 1, error: 'totalPrice must be a whole number of cents from 1' }),
});
export type SaleReport = z.infer<typeof saleReportSchema>;

/** A sale as the marketplace's API answers it: the split in cents, its settlement and payout day. */
export const saleRecordSchema = z.object({
  transactionId: z.string(),
  itemType: z.enum(['Product', 'Model']),
  itemId: z.string(),
  version: z.number().int(),
  purchasedAt: z.string(),
  totalPrice: z.number().int(),
  paymentPlatformFee: z.number().int(),
  platformFee: z.number().int(),
  income: z.number().int(),
  status: incomeStatusSchema,
  /** The last day of the second month after the sale, in Hong Kong time: `YYYY-MM-DD`. */
  payoutDate: z.string(),
  settledAt: z.string().nullable(),
});
export type SaleRecord = z.infer<typeof saleRecordSchema>;

export const transactionParamsSchema = z.object({ transactionId: paramText(MAX_TRANSACTION_ID_LENGTH).min(1) });

export const INCOME_PAGE_SIZE = 10;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A purchase date filter: a day (`YYYY-MM-DD`, in UTC) or an ISO instant. */
const purchaseDate = z
  .string()
  .max(40)
  .refine(
    (value) =>
      (DATE_ONLY.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success) &&
      !Number.isNaN(Date.parse(value)),
    {
      error: 'must be a date (YYYY-MM-DD) or an ISO date and time',
    },
  )
  .optional();

/** The first instant a From filter includes, and the last a To filter includes (a day runs to its end). */
export function purchaseRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  const start = from ? new Date(DATE_ONLY.test(from) ? `${from}T00:00:00.000Z` : from) : undefined;
  const end = to ? new Date(DATE_ONLY.test(to) ? `${to}T23:59:59.999Z` : to) : undefined;
  return { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}

/** `GET /api/User/Income/Query`: SPEC §7; PageSize -1 answers every row (the export). */
export const incomeQuerySchema = pageQuerySchema
  .extend({
    Name: paramText(MAX_NAME_LENGTH).optional(),
    PurchaseDateFrom: purchaseDate,
    PurchaseDateTo: purchaseDate,
    Status: z.enum(incomeStatuses, { error: `Status must be one of ${incomeStatuses.join(', ')}` }).optional(),
    PageSize: pageQuerySchema.shape.PageSize.default(INCOME_PAGE_SIZE),
  })
  .refine(
    (query) => {
      const { from, to } = purchaseRange(query.PurchaseDateFrom, query.PurchaseDateTo);
      return !from || !to || from.getTime() <= to.getTime();
    },
    { error: 'PurchaseDateFrom must not be after PurchaseDateTo', path: ['PurchaseDateFrom'] },
  );
export type IncomeQuery = z.infer<typeof incomeQuerySchema>;

export const feeTypes = ['PaymentPlatformFee', 'PlatformFee'] as const;

/** An income record as SPEC §3 draws it; amounts in dollars with their currency. */
export const incomeRecordSchema = z.object({
  payment: z.object({
    transactionId: z.string(),
    purchasedAt: z.string(),
    totalPrice: z.number(),
    userPreview: z.object({ fullName: z.string(), email: z.string() }),
    productPreview: z.object({ itemType: z.enum(['Product', 'Model']), name: z.string(), image: imageRefSchema }),
  }),
  income: z.object({ money: z.number(), currency: z.literal('USD') }),
  fees: z.array(z.object({ feeType: z.enum(feeTypes), fee: z.number(), currency: z.literal('USD') })),
  settledAt: z.string().nullable(),
  status: incomeStatusSchema,
  /** The day it is (or was to be) paid: the last day of the second month after the sale, Hong Kong time. */
  payoutDate: z.string(),
});
export type IncomeRecord = z.infer<typeof incomeRecordSchema>;
export const incomePageSchema = pagedSchema(incomeRecordSchema);
export type IncomePage = z.infer<typeof incomePageSchema>;
