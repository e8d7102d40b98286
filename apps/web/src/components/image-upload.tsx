import { fileMessages, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, isImageFileName, type UploadedFile } from '@portal/contracts';
import { useId } from 'react';
import { UploadFooter, UploadProgress } from './upload-parts.tsx';
import { startsWithAny, useSingleUpload } from './use-single-upload.ts';

export { REVALIDATE_DELAY_MS as IMAGE_REVALIDATE_DELAY_MS } from './use-single-upload.ts';

/** Upload refusals the uploader explains next to itself; anything else goes to the global handler. */
const FILE_ERROR_CODES = [
  'ImageTooLarge',
  'ImageDimensionsTooLarge',
  'ImageTypeInvalid',
  'UnsupportedMediaType',
  'FileMissing',
  'FileNameInvalid',
  'MalformedRequest',
  'PayloadTooLarge',
];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** JPG or PNG by name, by the browser's type and by the first bytes: a text file renamed .png is refused here. */
async function isJpegOrPng(file: File): Promise<boolean> {
  if (!isImageFileName(file.name)) return false;
  if (file.type && file.type !== 'image/png' && file.type !== 'image/jpeg') return false;
  return startsWithAny(file, [PNG_SIGNATURE, JPEG_SIGNATURE]);
}

/** The message that refuses a file before it is sent, if any. */
export async function checkImageFile(file: File): Promise<string | undefined> {
  if (!(await isJpegOrPng(file))) return fileMessages.imageFormat;
  if (file.size > IMAGE_MAX_BYTES) return fileMessages.imageSize;
  return undefined;
}

export interface ImageUploadProps {
  /** The file input's id, which the field label points at. */
  id: string;
  /** What the image is, in lower case ("icon", "cover image"): names the preview, progress and Remove. */
  subject: string;
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** Called {@link IMAGE_REVALIDATE_DELAY_MS} after an upload ends, accepted or refused: forms check the field then. */
  onRevalidate?: () => void;
  /** Sends the image as this named part of `/FileUpload/Multiple/Detail/Query` instead of to Single. */
  part?: string | undefined;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A single JPG or PNG image, uploaded to the file host as soon as it is picked, with a progress bar and a preview.
 * It keeps one file: a new pick replaces it once uploaded (a refused pick keeps the current one).
 */
export function ImageUpload({
  id,
  subject,
  value,
  onChange,
  onRevalidate,
  part,
  'aria-invalid': isInvalid,
  'aria-describedby': describedBy,
}: ImageUploadProps) {
  const { inputRef, progress, isUploading, notice, pick, remove } = useSingleUpload({
    check: checkImageFile,
    errorCodes: FILE_ERROR_CODES,
    onChange,
    onRevalidate,
    part,
  });
  const hintId = useId();
  const noticeId = useId();

  const preview = value ? (value.medium ?? value.origin) : undefined;
  const describedByIds = [describedBy, hintId, notice ? noticeId : undefined].filter(Boolean).join(' ');

  return (
    <div className="upload">
      <div className={`upload__box${preview ? ' upload__box--filled' : ''}`}>
        {preview ? (
          <img className="upload__preview" src={preview} alt={`Uploaded ${subject}`} />
        ) : (
          <span className="upload__placeholder" aria-hidden="true">
            <span className="upload__plus">+</span>
            Upload
          </span>
        )}
        {preview && !isUploading ? (
          <span className="upload__replace" aria-hidden="true">
            Replace
          </span>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          className="upload__input"
          type="file"
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          onChange={pick}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedByIds}
        />
        {progress !== null ? <UploadProgress percent={progress} label={`Uploading ${subject}`} /> : null}
      </div>
      <UploadFooter
        hint={`JPG or PNG, up to 5 MB and ${IMAGE_MAX_SIDE} × ${IMAGE_MAX_SIDE} px`}
        hintId={hintId}
        subject={subject}
        onRemove={value ? remove : undefined}
        notice={notice}
        noticeId={noticeId}
      />
    </div>
  );
}
