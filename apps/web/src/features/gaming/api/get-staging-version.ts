import type { ProductVersion, ProductVersionsResponse } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The version of a game Test Staging pre-fills CreateGame with: the one on sale, else the one submitted or released
 * last, else the one in testing; '' when the game has none (or is not the partner's: the form then starts empty).
 */
export async function getStagingVersion(productId: string): Promise<string> {
  const versions = await apiRequest<ProductVersionsResponse>(`/api/Product/Versions/${encodeURIComponent(productId)}`);
  const all: Array<ProductVersion | null> = [versions.releaseVersion, ...versions.historyVersions];
  const chosen = all.find((version) => version?.isLive) ?? versions.releaseVersion ?? versions.testingVersion;
  return chosen ? String(chosen.productVersion) : '';
}

export const useStagingVersion = (productId: string) =>
  useQuery({
    queryKey: ['test-staging', 'version', productId],
    queryFn: () => getStagingVersion(productId),
    enabled: productId !== '',
    meta: { handlesErrors: 'all' },
  });
