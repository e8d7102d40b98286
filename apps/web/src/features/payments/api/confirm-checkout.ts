import type { ConfirmCheckoutBody, SubscriptionRecord } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Asks how a checkout ended, for the page the payment provider sent the partner back to: the purchase as it is now.
 * The first answer covers the page; a repeated question while the payment is processed runs in the background.
 */
export const confirmCheckout = (body: ConfirmCheckoutBody, { background = false }: { background?: boolean } = {}) =>
  apiRequest<SubscriptionRecord>('/api/Subscription/Confirm', { method: 'POST', body, background });
