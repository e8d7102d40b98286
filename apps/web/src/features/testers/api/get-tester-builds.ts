import type { TesterBuild } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const testerBuildsKey = ['tester-builds'] as const;

/** The testing builds of every studio whitelisting the signed-in account. */
export const useTesterBuilds = () =>
  useQuery({
    queryKey: testerBuildsKey,
    queryFn: ({ signal }) => apiRequest<{ data: TesterBuild[] }>('/api/Tester/Builds', { signal, background: true }),
    select: (response) => response.data,
  });
