import type { PayoutAccountType } from '@portal/contracts';

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
   * Express onboarding through Stripe-hosted account links: creates the account (once per attempt) and
   * answers the link to send the partner to. Only the Stripe provider has it.
   */
  startExpressOnboarding?(input: {
    email: string;
    partnerId: string;
    attemptId: string;
    existingAccountId: string | null;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ accountId: string; url: string }>;
}
