import { z } from 'zod';
import { paymentMessages } from './messages.ts';
import { emailSchema, noControlChars, paramText } from './validation.ts';

export const payoutAccountTypes = ['Standard', 'Express'] as const;

/** How long a connection link mailed to someone else works (once); the link a partner opens itself lasts an hour. */
export const CONNECT_LINK_VALID_HOURS = 24;
/** The same lifetime in the partner's words. */
export const CONNECT_LINK_VALIDITY_TEXT = `${CONNECT_LINK_VALID_HOURS} hours`;
export const payoutAccountTypeSchema = z.enum(payoutAccountTypes, { error: paymentMessages.accountTypeRequired });
export type PayoutAccountType = z.infer<typeof payoutAccountTypeSchema>;

/** `GET /api/Stripe/Connect/Url`: one URL per account type, each bound to the signed-in partner. */
export const connectUrlSchema = z.object({ accountType: payoutAccountTypeSchema, url: z.string() });
export const connectUrlsResponseSchema = z.array(connectUrlSchema);
export type ConnectUrl = z.infer<typeof connectUrlSchema>;

export const confirmConnectBodySchema = z.strictObject({
  code: z.string({ error: 'code is required' }).min(1, { error: 'code is required' }).max(256).check(noControlChars()),
  scope: z.string().max(64).check(noControlChars()).default('read_write'),
  /** The `state` the provider sent back; when missing, the partner's newest open connection is used. */
  state: z.string().max(128).check(noControlChars()).optional(),
});
export type ConfirmConnectBody = z.input<typeof confirmConnectBodySchema>;

export const sendConnectEmailBodySchema = z.strictObject({
  email: emailSchema,
  accountType: payoutAccountTypeSchema,
});
export type SendConnectEmailBody = z.input<typeof sendConnectEmailBodySchema>;

/** `GET /stripe/connect/express?state=`: the state of a connect URL. */
export const expressStartQuerySchema = z.object({ state: paramText(128).min(1) });

export const payoutAccountSchema = z.object({
  connected: z.boolean(),
  accountType: payoutAccountTypeSchema.nullable(),
  connectedAt: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const dashboardLinkSchema = z.object({ url: z.string() });
export type DashboardLink = z.infer<typeof dashboardLinkSchema>;
