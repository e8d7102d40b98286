import { BUILD_MAX_BYTES, fileMessages, isBuildFileName, type UploadedFile } from '@portal/contracts';
import { useId } from 'react';
import { useBuildFileName } from './build-report.tsx';
import { UploadFooter, UploadProgress } from './upload-parts.tsx';
import { startsWithAny, useSingleUpload } from './use-single-upload.ts';

const FILE_ERROR_CODES = [
  'BuildTooLarge',
  'BuildTypeInvalid',
  'BuildUnreadable',
  'UnsupportedMediaType',
  'FileMissing',
  'FileNameInvalid',
  'MalformedRequest',
  'PayloadTooLarge',
];
// glTF binary ("glTF") and Unity AssetBundles ("Unity…")
const GLB_SIGNATURE = [0x67, 0x6c, 0x54, 0x46];
const UNITY_SIGNATURE = [0x55, 0x6e, 0x69, 0x74, 0x79];

/** An .ab or .glb build up to 50 MB, checked by name and by its first bytes before it is sent. */
export async function checkBuildFile(file: File): Promise<string | undefined> {
  if (!isBuildFileName(file.name) || !(await startsWithAny(file, [GLB_SIGNATURE, UNITY_SIGNATURE]))) {
    return fileMessages.buildFormat;
  }
  if (file.size > BUILD_MAX_BYTES) return fileMessages.buildSize;
  return undefined;
}

export interface BuildUploadProps {
  id: string;
  /** The platform, as the label names it ("iOS"). */
  platform: string;
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  onRevalidate?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** One platform's build: picked, checked, uploaded with progress; a new pick replaces it. */
export function BuildUpload({
  id,
  platform,
  value,
  onChange,
  onRevalidate,
  'aria-invalid': isInvalid,
  'aria-describedby': describedBy,
}: BuildUploadProps) {
  const { inputRef, progress, notice, pick, remove } = useSingleUpload({
    check: checkBuildFile,
    errorCodes: FILE_ERROR_CODES,
    onChange,
    onRevalidate,
  });
  const fileName = useBuildFileName(value?.origin ?? null, value?.name);
  const hintId = useId();
  const noticeId = useId();
  const describedByIds = [describedBy, hintId, notice ? noticeId : undefined].filter(Boolean).join(' ');

  return (
    <div className="build-upload">
      <div className={`build-upload__box${value ? ' build-upload__box--filled' : ''}`}>
        <span className="build-upload__icon" aria-hidden="true">
          {value ? '✓' : '⇪'}
        </span>
        <span
          className="build-upload__name"
          title={fileName}
          aria-busy={(value !== null && fileName === undefined) || undefined}
        >
          {value ? (fileName ?? '…') : `Choose the ${platform} build`}
        </span>
        <span className="build-upload__action" aria-hidden="true">
          {value ? 'Replace' : 'Browse'}
        </span>
        <input
          ref={inputRef}
          id={id}
          className="upload__input"
          type="file"
          accept=".ab,.glb"
          onChange={pick}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedByIds}
        />
      </div>
      {progress !== null ? (
        <UploadProgress percent={progress} label={`Uploading the ${platform} build`} isInline />
      ) : null}
      <UploadFooter
        hint="AB or GLB, up to 50 MB"
        hintId={hintId}
        subject={`the ${platform} build`}
        onRemove={value ? remove : undefined}
        notice={notice}
        noticeId={noticeId}
      />
    </div>
  );
}
