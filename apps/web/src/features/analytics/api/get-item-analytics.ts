import type { AnalyticsItem, AnalyticsItemQuery } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One game's or 3D model's public figures over a range, a point a day, week or month, and its path to a sale. */
export const getItemAnalytics = (itemId: string, query: AnalyticsItemQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsItem>(`/api/Analytics/Items/${encodeURIComponent(itemId)}?${new URLSearchParams({ ...query })}`, {
    signal,
    background: true,
  });

/** The item's figures of `query`; the last query's stay on screen while the next one loads. */
export const useItemAnalytics = (itemId: string, query: AnalyticsItemQuery) =>
  useQuery({
    queryKey: ['analytics', 'item', itemId, query.From, query.To, query.Granularity],
    queryFn: ({ signal }) => getItemAnalytics(itemId, query, signal),
    placeholderData: keepPreviousData,
  });
