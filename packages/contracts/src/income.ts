import { z } from 'zod';
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
