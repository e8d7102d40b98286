import type { PayoutAccount } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getPayoutAccount = () => apiRequest<PayoutAccount>('/api/Stripe/Connect/Account');

export const payoutAccountQueryOptions = () =>
  queryOptions({ queryKey: ['payout-account'], queryFn: getPayoutAccount });

export const usePayoutAccount = () => useQuery(payoutAccountQueryOptions());
