import type { PayoutCalendar } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getPayoutCalendar = (signal?: AbortSignal) =>
  apiRequest<PayoutCalendar>('/api/User/Income/Payouts', { signal, background: true });

export const payoutCalendarQueryOptions = () =>
  queryOptions({ queryKey: ['income', 'payouts'], queryFn: ({ signal }) => getPayoutCalendar(signal) });

/** The coming payout days with what each pays, the latest payouts, and whether a payout account is connected. */
export const usePayoutCalendar = () => useQuery(payoutCalendarQueryOptions());
