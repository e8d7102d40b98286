import type { AnalyticsRangeQuery, AnalyticsSummary } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The studio's public play figures over a range of Hong Kong days: totals, every day, each game and stage. */
export const getAnalyticsSummary = ({ From, To }: AnalyticsRangeQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsSummary>(`/api/Analytics/Summary?${new URLSearchParams({ From, To })}`, {
    signal,
    background: true,
  });

/** The summary of `range`; the last range's stays on screen while the next one loads. */
export const useAnalyticsSummary = (range: AnalyticsRangeQuery) =>
  useQuery({
    queryKey: ['analytics', 'summary', range.From, range.To],
    queryFn: ({ signal }) => getAnalyticsSummary(range, signal),
    placeholderData: keepPreviousData,
  });
