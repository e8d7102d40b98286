import type { PurchaseBody, PurchaseResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';

/** Opens the purchase of one month of AR placement: where to send the partner to pay (SPEC §7). */
export const purchaseSubscription = (body: PurchaseBody) =>
  apiRequest<PurchaseResponse>('/api/Subscription/Purchase/Stripe', { method: 'POST', body });

/** A refusal goes to the global handler, which shows the server's message. */
export const usePurchaseSubscription = () =>
  useRefreshingMutation({
    mutate: purchaseSubscription,
    // the purchase is in the history (Processing, or a free month already paid) from now on
    stale: () => [['subscriptions']],
  });
