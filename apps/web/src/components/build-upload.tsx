import { BUILD_MAX_BYTES, fileMessages, isBuildFileName, type UploadedFile } from '@portal/contracts';
import { useEffect, useId, useRef } from 'react';
import { useBuildFileName } from './build-report.tsx';
import { UploadFooter, UploadStatus } from './upload-parts.tsx';
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
  /** The build differs from the one saved: it is marked so until the form is saved. */
  isUnsaved?: boolean;
  onChange: (file: UploadedFile | null) => void;
  onRevalidate?: () => void;
  /** Told when an upload starts and when it ends (uploaded, refused or cancelled). */
  onUploadingChange?: (isUploading: boolean) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * One platform's build: picked, checked, uploaded with its progress beside the rest of the form (no overlay: a
 * 50 MB build takes a while), cancellable; a new pick replaces the current build once it has uploaded.
 */
export function BuildUpload({
  id,
  platform,
  value,
  isUnsaved = false,
  onChange,
  onRevalidate,
  onUploadingChange,
  'aria-invalid': isInvalid,
  'aria-describedby': describedBy,
}: BuildUploadProps) {
  const { inputRef, transfer, isUploading, notice, pick, cancel, remove } = useSingleUpload({
    check: checkBuildFile,
    errorCodes: FILE_ERROR_CODES,
    onChange,
    onRevalidate,
    background: true,
  });
  const onUploadingChangeRef = useRef(onUploadingChange);
  useEffect(() => {
    onUploadingChangeRef.current = onUploadingChange;
  });
  useEffect(() => onUploadingChangeRef.current?.(isUploading), [isUploading]);
  const fileName = useBuildFileName(value?.origin ?? null, value?.name);
  const hintId = useId();
  const noticeId = useId();
  const unsavedId = useId();
  const isMarkedUnsaved = isUnsaved && value !== null;
  const describedByIds = [describedBy, isMarkedUnsaved ? unsavedId : undefined, hintId, notice ? noticeId : undefined]
    .filter(Boolean)
    .join(' ');

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
      {isMarkedUnsaved ? (
        <span className="build-upload__unsaved" id={unsavedId}>
          Not saved yet
        </span>
      ) : null}
      {transfer ? <UploadStatus transfer={transfer} subject={`the ${platform} build`} onCancel={cancel} /> : null}
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
