import type { SubscriptionStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getSubscriptionStatus = (signal?: AbortSignal) =>
  apiRequest<SubscriptionStatus>('/api/Subscription/Status', { signal, background: true });

export const subscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: ['subscriptions', 'status'], queryFn: ({ signal }) => getSubscriptionStatus(signal) });

/** Whether a bought month covers now, and until when the partner's months run. */
export const useSubscriptionStatus = () => useQuery(subscriptionStatusQueryOptions());
