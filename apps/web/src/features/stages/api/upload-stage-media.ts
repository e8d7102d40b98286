import type { Asset, AssetPage } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload.ts';
import { assetsQueryKey, assetsQueryOptions } from './get-assets.ts';

/** Upload refusals the uploader explains next to itself; anything else goes to the global handler. */
export const MEDIA_ERROR_CODES = [
  'ImageTooLarge',
  'ImageDimensionsTooLarge',
  'ImageTypeInvalid',
  'VideoTooLarge',
  'VideoTypeInvalid',
  'UnsupportedMediaType',
  'FileMissing',
  'FileNameInvalid',
  'MalformedRequest',
  'PayloadTooLarge',
];

interface UploadMediaVariables {
  file: File;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

/** One JPG/PNG image or MP4/WebM video, sent as the part `file`: it becomes an asset to place on stages. */
export const uploadStageMedia = ({ file, signal, onProgress }: UploadMediaVariables) =>
  apiUpload<Asset>('/api/Stage/Media', file, { host: 'api', signal, onProgress, background: true });

export function useUploadStageMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStageMedia,
    meta: { handlesErrors: MEDIA_ERROR_CODES },
    onSuccess: (asset) => {
      // pickable at once; the refetch that follows brings the list in the server's order
      queryClient.setQueryData(assetsQueryOptions(asset.type).queryKey, (page: AssetPage | undefined) =>
        page ? { data: [asset, ...page.data], totalCount: page.totalCount + 1 } : page,
      );
      void queryClient.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}
