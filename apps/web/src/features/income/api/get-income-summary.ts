import type { IncomeSummary } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getIncomeSummary = (signal?: AbortSignal) =>
  apiRequest<IncomeSummary>('/api/User/Income/Summary', { signal, background: true });

export const incomeSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['income', 'summary'], queryFn: ({ signal }) => getIncomeSummary(signal) });

/** This month's and last month's income, what waits to be paid, and the last twelve months. */
export const useIncomeSummary = () => useQuery(incomeSummaryQueryOptions());
