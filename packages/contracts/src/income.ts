import { z } from 'zod';
import { imageRefSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { payoutZoneDayStart } from './income-rules.ts';
import { itemTypeLabels } from './item-types.ts';
import { emailSchema, int4, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, paramText, requiredText } from './validation.ts';

/** A sale's settlement: Unsettled (Preparing Commission) → Settling (Released Commission) → Settled (Collected). */
export const incomeStatuses = ['Unsettled', 'Settling', 'Settled', 'NonSettlement'] as const;
export const incomeStatusSchema = z.enum(incomeStatuses);
export type IncomeStatus = z.infer<typeof incomeStatusSchema>;

export const MAX_TRANSACTION_ID_LENGTH = 128;

/** Fractional seconds with a digit other than 0 past the third. */
const FINER_THAN_MILLISECONDS = /\.\d{3}\d*[1-9]/;

/**
 * `POST /api/internal/Sales`: the marketplace reports one sale; amounts in USD cents. The version must be one the
 * item released; the purchase time must be from `EARLIEST_SALE_DAY` to now.
 */
export const saleReportSchema = z.strictObject({
  transactionId: requiredText('transactionId is required', MAX_TRANSACTION_ID_LENGTH),
  itemType: z.enum(['Product', 'Model'], { error: 'itemType must be Product or Model' }),
  itemId: z.uuid({ error: 'itemId must be the id of a game or a 3D model' }),
  version: int4({ min: 1, error: 'version must be a whole number from 1' }),
  buyer: z.strictObject({
    email: emailSchema.max(MAX_EMAIL_LENGTH),
    fullName: requiredText('buyer.fullName is required', MAX_NAME_LENGTH * 2),
  }),
  purchasedAt: z.iso
    .datetime({ offset: true, error: 'purchasedAt must be an ISO date and time' })
    // stored and answered to the millisecond: a finer time would come back other than it was reported
    .refine((value) => !FINER_THAN_MILLISECONDS.test(value), {
      error: 'purchasedAt must be precise to the millisecond at most',
    }),
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
  /**
   * `YYYY-MM-DD`: the last day of the second month after the sale, in Hong Kong time; for a sale reported after that
   * day's settlement had started, the next payout day still open (`salePayoutDay`).
   */
  payoutDate: z.string(),
  settledAt: z.string().nullable(),
});
export type SaleRecord = z.infer<typeof saleRecordSchema>;

export const transactionParamsSchema = z.object({ transactionId: paramText(MAX_TRANSACTION_ID_LENGTH).min(1) });

export const INCOME_PAGE_SIZE = 10;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A Hong Kong day is always 24 hours long: no daylight saving. */
const DAY_MS = 86_400_000;
/** A `YYYY-MM-DD` that names a day of the calendar (not 2026-02-30). */
const isCalendarDay = (value: string) => {
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};
/** A purchase date filter: a Hong Kong day (`YYYY-MM-DD`) or an ISO instant. */
export const purchaseDate = z
  .string()
  .max(40)
  .refine(
    (value) =>
      (DATE_ONLY.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success) &&
      isCalendarDay(value.slice(0, 10)),
    {
      error: 'must be a date (YYYY-MM-DD) or an ISO date and time',
    },
  )
  .optional();

/**
 * The first instant a From filter includes, and the last a To filter includes. A day is a whole Hong Kong day (UTC+8),
 * as the months of the overview and the payout days are: From at its midnight there, To at its last millisecond.
 */
export function purchaseRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  const start = from ? (DATE_ONLY.test(from) ? payoutZoneDayStart(from) : new Date(from)) : undefined;
  const end = to
    ? DATE_ONLY.test(to)
      ? new Date(payoutZoneDayStart(to).getTime() + DAY_MS - 1)
      : new Date(to)
    : undefined;
  return { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}

const incomeFilters = {
  Name: paramText(MAX_NAME_LENGTH).optional(),
  PurchaseDateFrom: purchaseDate,
  PurchaseDateTo: purchaseDate,
  Status: z.enum(incomeStatuses, { error: `Status must be one of ${incomeStatuses.join(', ')}` }).optional(),
};
const rangeIsOrdered = (query: { PurchaseDateFrom?: string | undefined; PurchaseDateTo?: string | undefined }) => {
  const { from, to } = purchaseRange(query.PurchaseDateFrom, query.PurchaseDateTo);
  return !from || !to || from.getTime() <= to.getTime();
};
const rangeError = () => ({
  error: 'PurchaseDateFrom must not be after PurchaseDateTo',
  path: ['PurchaseDateFrom'],
});

/** `GET /api/User/Income/Query`: SPEC §7; PageSize -1 answers every row (the export). */
export const incomeQuerySchema = pageQuerySchema
  .extend({ ...incomeFilters, PageSize: pageQuerySchema.shape.PageSize.default(INCOME_PAGE_SIZE) })
  .refine(rangeIsOrdered, rangeError());
/** `GET /api/User/Income/Export.csv`: the same filters, every matching row. */
export const incomeExportQuerySchema = z.object(incomeFilters).refine(rangeIsOrdered, rangeError());
export type IncomeExportQuery = z.infer<typeof incomeExportQuerySchema>;
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
  /**
   * The day it is paid: its payout's day once settling or settled; unsettled, the day it will be (the last day of
   * the second month after the sale, Hong Kong time; the next open payout day for a sale reported after that day was
   * settled, or once that day passed while the partner had no payout account); voided, the day it was due.
   */
  payoutDate: z.string(),
});
export type IncomeRecord = z.infer<typeof incomeRecordSchema>;
export const incomePageSchema = pagedSchema(incomeRecordSchema);
export type IncomePage = z.infer<typeof incomePageSchema>;

/** The file name of the export. */
export const INCOME_EXPORT_FILE_NAME = 'income.csv';

/** The export's columns, in order. */
export const INCOME_CSV_HEADER = [
  'Transaction ID',
  'Item',
  'Item type',
  'Buyer',
  'Buyer email',
  'Purchased at (UTC)',
  'Total (USD)',
  'Payment platform fee (USD)',
  'Platform fee (USD)',
  'Income (USD)',
  'Status',
  // the status as machines read it: the API's code (Unsettled, Settling, Settled, NonSettlement)
  'Status code',
  'Payout date',
  'Settled at (UTC)',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return value.toFixed(2);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One export line of an income record, CRLF-terminated. */
export function incomeCsvLine(record: IncomeRecord): string {
  const fee = (type: (typeof feeTypes)[number]) => record.fees.find((entry) => entry.feeType === type)?.fee ?? 0;
  return `${[
    csvField(record.payment.transactionId),
    csvField(record.payment.productPreview.name),
    csvField(itemTypeLabels[record.payment.productPreview.itemType]),
    csvField(record.payment.userPreview.fullName),
    csvField(record.payment.userPreview.email),
    csvField(record.payment.purchasedAt),
    csvField(record.payment.totalPrice),
    csvField(fee('PaymentPlatformFee')),
    csvField(fee('PlatformFee')),
    csvField(record.income.money),
    csvField(incomeStatusLabels[record.status]),
    csvField(record.status),
    csvField(record.payoutDate),
    csvField(record.settledAt),
  ].join(',')}\r\n`;
}

/** How SPEC §4 shows each settlement state (the lookup of the status filter). */
export const incomeStatusLabels: Record<IncomeStatus, string> = {
  Unsettled: 'Preparing Commission',
  Settling: 'Released Commission',
  Settled: 'Collected',
  // SPEC §4 names no label of its own: a sale the marketplace voided, never paid out
  NonSettlement: 'Voided',
};

/** One month of a partner's income (by the Hong Kong month of the sales): paid out, and still to be paid. */
export const incomeMonthSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  /** US dollars of income already paid out (Settled). */
  paid: z.number(),
  /** US dollars of income still to be paid (Unsettled or Settling). */
  pending: z.number(),
});
export type IncomeMonth = z.infer<typeof incomeMonthSchema>;

/** `GET /api/User/Income/Summary`: what My Project Income shows above the table; US dollars. */
export const incomeSummarySchema = z.object({
  /** Income of sales made this month (Hong Kong time), whatever their settlement; voided sales excluded. */
  thisMonth: z.number(),
  lastMonth: z.number(),
  /** Income not yet paid out: Unsettled and Settling. */
  waitingTotal: z.number(),
  /** Income paid out so far. */
  paidTotal: z.number(),
  currency: z.literal('USD'),
  /** The last twelve months, oldest first. */
  months: z.array(incomeMonthSchema),
  hasSales: z.boolean(),
});
export type IncomeSummary = z.infer<typeof incomeSummarySchema>;

export const payoutStatuses = ['Pending', 'Sent', 'Failed'] as const;
export const payoutStatusSchema = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** A payout day still to come, with what it will pay. */
export const upcomingPayoutSchema = z.object({
  /** `YYYY-MM-DD`, the last day of a month. */
  payoutDate: z.string(),
  amount: z.number(),
  salesCount: z.number().int(),
  /** No payout account is connected: the amount waits until one is, then goes out on the next payout day. */
  waitsOnPayoutAccount: z.boolean(),
});
export type UpcomingPayout = z.infer<typeof upcomingPayoutSchema>;

/** A transfer of a payout day: sent, being sent, or failed (retried on the next settlement run). */
export const sentPayoutSchema = z.object({
  payoutDate: z.string(),
  amount: z.number(),
  salesCount: z.number().int(),
  status: payoutStatusSchema,
  sentAt: z.string().nullable(),
});
export type SentPayout = z.infer<typeof sentPayoutSchema>;

/** `GET /api/User/Income/Payouts`: the payout calendar. */
export const payoutCalendarSchema = z.object({
  upcoming: z.array(upcomingPayoutSchema),
  /** The latest payouts, newest first (at most twelve). */
  recent: z.array(sentPayoutSchema),
  payoutAccountConnected: z.boolean(),
  currency: z.literal('USD'),
});
export type PayoutCalendar = z.infer<typeof payoutCalendarSchema>;

// the finance team's console

/** A commission rate in percent with at most two decimals (basis points on the server). */
export const commissionPercentSchema = z
  .number({ error: 'commissionPercent must be a number from 0 to 100' })
  .min(0, { error: 'commissionPercent must be a number from 0 to 100' })
  .max(100, { error: 'commissionPercent must be a number from 0 to 100' })
  .multipleOf(0.01, { error: 'commissionPercent has at most two decimals' });

/** `PUT /api/Admin/Income/Commission/{partnerId}`: a partner's own rate, or null for the default again. */
export const commissionRateBodySchema = z.strictObject({ commissionPercent: commissionPercentSchema.nullable() });
export type CommissionRateBody = z.infer<typeof commissionRateBodySchema>;

export const partnerIdParamsSchema = z.object({ partnerId: z.uuid({ error: 'partnerId must be a partner id' }) });

/** A partner's money as the finance team sees it; US dollars. */
export const partnerBalanceSchema = z.object({
  partnerId: z.string(),
  email: z.string(),
  fullName: z.string(),
  businessName: z.string(),
  /** The rate new sales are split at. */
  commissionPercent: z.number(),
  /** False when the partner has a rate of its own. */
  isDefaultRate: z.boolean(),
  unsettled: z.number(),
  settling: z.number(),
  paid: z.number(),
  payoutAccountConnected: z.boolean(),
  /** The next payout day with something to pay, if any. */
  nextPayoutDate: z.string().nullable(),
});
export type PartnerBalance = z.infer<typeof partnerBalanceSchema>;
export const partnerBalancePageSchema = pagedSchema(partnerBalanceSchema);
export const partnerBalanceQuerySchema = pageQuerySchema.extend({ Email: paramText(MAX_EMAIL_LENGTH).optional() });
export type PartnerBalanceQuery = z.infer<typeof partnerBalanceQuerySchema>;

export const settlementTriggers = ['Schedule', 'Admin'] as const;

/** One settlement run: when, for which payout day, and what it did. */
export const settlementRunSchema = z.object({
  id: z.string(),
  payoutDate: z.string(),
  trigger: z.enum(settlementTriggers),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Partners paid by this run. */
  paidCount: z.number().int(),
  failedCount: z.number().int(),
  /** Partners with sales due but no payout account: they keep accruing. */
  waitingCount: z.number().int(),
  /** US dollars transferred by this run. */
  total: z.number(),
});
export type SettlementRun = z.infer<typeof settlementRunSchema>;
export const settlementRunPageSchema = pagedSchema(settlementRunSchema);

/** One partner's transfer for one payout day. */
export const payoutSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  partnerEmail: z.string(),
  payoutDate: z.string(),
  amount: z.number(),
  salesCount: z.number().int(),
  status: payoutStatusSchema,
  attempts: z.number().int(),
  failureReason: z.string().nullable(),
  transferId: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutPageSchema = pagedSchema(payoutSchema);
export const payoutQuerySchema = pageQuerySchema.extend({
  Status: z.enum(payoutStatuses, { error: `Status must be one of ${payoutStatuses.join(', ')}` }).optional(),
});
export type PayoutQuery = z.infer<typeof payoutQuerySchema>;
export const payoutIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a payout id' }) });

/** `POST /api/Admin/Settlement/Run`: settles the latest payout day now (the job does the same on schedule). */
export const settlementRunResultSchema = settlementRunSchema;
