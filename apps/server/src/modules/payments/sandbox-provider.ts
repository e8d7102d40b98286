import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sandboxConnectCodes, sandboxTransfers } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createToken, sha256 } from '../../lib/tokens.ts';
import type { PayoutProvider } from './provider.ts';

const CODE_TTL_MS = 5 * 60_000;
/** A sandbox account connected as restricted refuses transfers, as a Stripe account with payouts disabled does. */
const RESTRICTED_PREFIX = 'acct_sandbox_restricted_';
export const isRestrictedSandboxAccount = (accountId: string) => accountId.startsWith(RESTRICTED_PREFIX);

/**
 * A stand-in for Stripe Connect that runs on this server: its consent page (`/sandbox/stripe/connect`)
 * issues single-use codes the way Stripe's OAuth does, so the whole flow works offline.
 */
export function createSandboxProvider(db: Db, config: AppConfig) {
  /** Where the consent page sends the partner back: the portal's own callback page. */
  const callbackUrl = `${config.hosts.api ? config.publicUrl : ''}/stripe-connected`;
  const provider: PayoutProvider & {
    callbackUrl: string;
    issueCode(input: { accountType: 'Standard' | 'Express'; restricted?: boolean }): Promise<string>;
    listTransfers(accountId: string): Promise<Array<typeof sandboxTransfers.$inferSelect>>;
  } = {
    kind: 'sandbox',
    callbackUrl,

    connectUrl({ state, accountType, email }) {
      const params = new URLSearchParams({ state, account_type: accountType, email });
      return `${config.hosts.api}/sandbox/stripe/connect?${params}`;
    },

    async issueCode({ accountType, restricted = false }) {
      const code = `ac_sandbox_${createToken()}`;
      await db.insert(sandboxConnectCodes).values({
        codeHash: sha256(code),
        accountId: `${restricted ? RESTRICTED_PREFIX : 'acct_sandbox_'}${createToken().slice(0, 16)}`,
        accountType,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      return code;
    },

    async completeConnection({ code, accountType }) {
      const now = new Date();
      const rows = await db
        .update(sandboxConnectCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(sandboxConnectCodes.codeHash, sha256(code)),
            eq(sandboxConnectCodes.accountType, accountType),
            isNull(sandboxConnectCodes.usedAt),
            gt(sandboxConnectCodes.expiresAt, now),
          ),
        )
        .returning({ accountId: sandboxConnectCodes.accountId });
      const row = rows[0];
      if (!row) throw new AppError('ConnectCodeInvalid');
      return { accountId: row.accountId };
    },

    async transfer({ accountId, amountCents, idempotencyKey, transferGroup }) {
      if (isRestrictedSandboxAccount(accountId)) {
        throw new AppError(
          'PayoutTransferRefused',
          'The connected account cannot receive transfers (a sandbox account made restricted on its consent page).',
        );
      }
      const [made] = await db
        .insert(sandboxTransfers)
        .values({
          id: `tr_sandbox_${createToken().slice(0, 20)}`,
          idempotencyKey,
          transferGroup,
          accountId,
          amountCents,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
        .returning({ id: sandboxTransfers.id });
      if (made) return { transferId: made.id };
      const [earlier] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
      if (!earlier) throw new Error('a sandbox transfer vanished');
      return { transferId: earlier.id };
    },

    /** The dashboard's list: every transfer to an account, newest first. */
    async listTransfers(accountId: string) {
      return db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.accountId, accountId))
        .orderBy(desc(sandboxTransfers.createdAt));
    },

    async findTransfer(transferGroup) {
      const [made] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.transferGroup, transferGroup));
      return made ? { transferId: made.id } : undefined;
    },

    async dashboardUrl({ accountId, accountType }) {
      const params = new URLSearchParams({ account: accountId, type: accountType });
      return `${config.hosts.api}/sandbox/stripe/dashboard?${params}`;
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
