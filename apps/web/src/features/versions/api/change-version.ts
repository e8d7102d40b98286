import type { CatalogItemType, UpdateVersionBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AnyVersion, apiBase } from '../utils/item-api.ts';

export type VersionChange =
  | { kind: 'add'; number: number }
  | { kind: 'submit'; versionId: string; releaseOnAcceptance: boolean }
  | { kind: 'release'; versionId: string }
  | { kind: 'take-down'; versionId: string }
  | { kind: 'save'; versionId: string; body: UpdateVersionBody };

/** Every change to an item's versions: add, save, submit, release, take down. */
export function changeVersion(type: CatalogItemType, itemId: string, change: VersionChange): Promise<AnyVersion> {
  const base = apiBase(type);
  switch (change.kind) {
    case 'add':
      return apiRequest(`${base}/Version`, {
        method: 'POST',
        body:
          type === 'game'
            ? { productId: itemId, productVersion: change.number }
            : { modelId: itemId, modelVersion: change.number },
      });
    case 'submit':
      return apiRequest(
        `${base}/Version/Submit/${encodeURIComponent(itemId)}/${encodeURIComponent(change.versionId)}`,
        { method: 'PUT', body: { releaseOnAcceptance: change.releaseOnAcceptance } },
      );
    case 'release':
      return apiRequest(`${base}/Version/Release/${encodeURIComponent(change.versionId)}`, { method: 'PUT' });
    case 'take-down':
      return apiRequest(`${base}/Version/TakeDown/${encodeURIComponent(change.versionId)}`, { method: 'PUT' });
    case 'save':
      return apiRequest(`${base}/Version/${encodeURIComponent(change.versionId)}`, {
        method: 'PUT',
        body: change.body,
      });
  }
}

/**
 * A version change; afterwards everything is fetched again, since one change moves versions between slots and
 * changes the project's status on My Projects and Detail.
 */
export function useChangeVersion(type: CatalogItemType, itemId: string, handlesErrors?: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VersionChange) => changeVersion(type, itemId, change),
    ...(handlesErrors ? { meta: { handlesErrors } } : {}),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
