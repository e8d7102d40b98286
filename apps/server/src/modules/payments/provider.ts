import type { CheckoutOutcome, PayoutAccountType } from '@portal/contracts';

/** What the payments service needs from a payout provider (Stripe Connect, or the local sandbox). */
export interface PayoutProvider {
  readonly kind: 'stripe' | 'sandbox';
  /** Where the partner's browser goes to connect an account of this type. */
  connectUrl(input: { state: string; accountType: PayoutAccountType; email: string }): string;
  /** Turns the code the partner came back with into the id of the connected account. */
  completeConnection(input: {
    code: string;
    accountType: PayoutAccountType;
    providerAccountId: string | null;
  }): Promise<{ accountId: string }>;
  /** A link into the provider's dashboard for a connected account. */
  dashboardUrl(account: { accountId: string; accountType: PayoutAccountType }): Promise<string>;
  /**
   * Pays US cents from the platform's balance to a connected account. The same `idempotencyKey` never pays twice.
   * A refusal (a restricted account, an empty balance) throws PayoutTransferRefused with the provider's reason.
   */
  transfer(input: TransferInput): Promise<{ transferId: string }>;
  /**
   * The transfer made under `transferGroup`, if any: how a payout whose outcome a crash left unknown learns it,
   * also past the provider's idempotency window.
   */
  findTransfer(transferGroup: string): Promise<{ transferId: string } | undefined>;
  /** A hosted checkout of one payment (a month of AR placement). */
  checkout: {
    /** Opens a checkout; the same `idempotencyKey` answers the same session. The success URL gets `session_id`. */
    create(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
    /** How a checkout stands now: ended one way, or still open. */
    outcome(sessionId: string): Promise<CheckoutOutcome | 'open'>;
    /** Closes an open checkout, so that it can no longer be paid (a partner who came back through Cancel). */
    expire(sessionId: string): Promise<void>;
  };
  /** Express onboarding through Stripe-hosted account links. Only the Stripe provider has it. */
  express?: {
    /** Creates an Express account for the partner; the same `idempotencyKey` never creates a second one. */
    createAccount(input: { email: string; partnerId: string; idempotencyKey: string }): Promise<string>;
    /** A link that takes the partner through the onboarding of `accountId`. */
    onboardingUrl(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  };
}

export interface TransferInput {
  accountId: string;
  amountCents: number;
  idempotencyKey: string;
  /** One group per payout, so that the transfer can be found again. */
  transferGroup: string;
  description: string;
}

export interface CheckoutInput {
  amountCents: number;
  description: string;
  /** The portal page the partner comes back to after paying; the provider adds `session_id`. */
  successUrl: string;
  cancelUrl: string;
  /** Our purchase record. */
  clientReferenceId: string;
  customerEmail: string;
  idempotencyKey: string;
}

/** What a webhook event says, in the provider's words made ours. */
export type ProviderEvent =
  | { id: string; type: string; kind: 'checkout'; sessionId: string; outcome: CheckoutOutcome }
  | { id: string; type: string; kind: 'deauthorized'; accountId: string }
  | { id: string; type: string; kind: 'other' };
