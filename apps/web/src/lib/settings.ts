import type { Settings } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const getSettings = () => apiRequest<Settings>('/api/Setting', { background: true });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: 10 * 60_000 });

export const useSettings = () => useQuery(settingsQueryOptions());
