import { type Asset, errorCatalog, VIDEO_EXTENSIONS, VIDEO_MAX_BYTES } from '@portal/contracts';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { checkImageFile } from '../../../components/image-upload.tsx';
import { UploadProgress } from '../../../components/upload-parts.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { MEDIA_ERROR_CODES, useUploadStageMedia } from '../api/upload-stage-media.ts';

type MediaKind = 'Image' | 'Video';

const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** The message that refuses a video before it is sent, if any: the server's own rules and words. */
function checkVideoFile(file: File): string | undefined {
  const name = file.name.toLowerCase();
  const hasExtension = VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!hasExtension || (file.type && !VIDEO_TYPES.includes(file.type))) return errorCatalog.VideoTypeInvalid.message;
  if (file.size > VIDEO_MAX_BYTES) return errorCatalog.VideoTooLarge.message;
  return undefined;
}

const KINDS: Record<MediaKind, { label: string; accept: string; hint: string; check: typeof checkImageFile }> = {
  Image: {
    label: 'Upload an image',
    accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
    hint: 'JPG or PNG, up to 5 MB',
    check: checkImageFile,
  },
  Video: {
    label: 'Upload a video',
    accept: `${VIDEO_EXTENSIONS.join(',')},${VIDEO_TYPES.join(',')}`,
    hint: 'MP4 or WebM, up to 50 MB',
    check: async (file) => checkVideoFile(file),
  },
};

/**
 * A new image or video for stages, uploaded as soon as it is picked, with its progress; once in, it is one of the
 * partner's assets and `onUploaded` picks it.
 */
export function MediaUpload({ kind, onUploaded }: { kind: MediaKind; onUploaded: (asset: Asset) => void }) {
  const { label, accept, hint, check } = KINDS[kind];
  const upload = useUploadStageMedia();
  const inputId = useId();
  const hintId = useId();
  const noticeId = useId();
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string>();

  useEffect(() => () => controller.current?.abort(), []);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // cleared so that picking the same file again still fires a change
    event.target.value = '';
    if (!file) return;
    const refusal = await check(file);
    setNotice(refusal);
    if (refusal) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      onUploaded(await upload.mutateAsync({ file, signal: current.signal, onProgress: setProgress }));
    } catch (err) {
      if (current.signal.aborted) return;
      if (isApiError(err) && err.errorCode && MEDIA_ERROR_CODES.includes(err.errorCode)) setNotice(err.message);
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  return (
    <div className="media-upload">
      <input
        id={inputId}
        className="media-upload__input visually-hidden"
        type="file"
        accept={accept}
        onChange={pick}
        disabled={progress !== null}
        aria-describedby={[hintId, notice ? noticeId : undefined].filter(Boolean).join(' ')}
      />
      <label htmlFor={inputId} className="btn btn--secondary btn--md media-upload__button">
        {label}
      </label>
      <span className="field__hint media-upload__hint" id={hintId}>
        {hint}
      </span>
      {progress !== null ? (
        <UploadProgress percent={progress} label={`Uploading the ${kind.toLowerCase()}`} isInline />
      ) : null}
      {notice ? (
        <div className="field__error" id={noticeId} role="alert">
          {notice}
        </div>
      ) : null}
    </div>
  );
}
