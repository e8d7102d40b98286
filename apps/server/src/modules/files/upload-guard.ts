import { Transform, type TransformCallback } from 'node:stream';
import { BUILD_MAX_BYTES, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@portal/contracts';
import { AppError } from '../../lib/errors.ts';
import { detectFormat, type FileFormat, type FileKind, SNIFF_BYTES } from './detect.ts';

/** The largest file of each kind, and what refuses one. */
const LIMITS: Record<FileKind, number> = { image: IMAGE_MAX_BYTES, build: BUILD_MAX_BYTES, video: VIDEO_MAX_BYTES };
export const TOO_LARGE = { image: 'ImageTooLarge', build: 'BuildTooLarge', video: 'VideoTooLarge' } as const;
export const TYPE_INVALID = {
  image: 'ImageTypeInvalid',
  build: 'BuildTypeInvalid',
  video: 'VideoTypeInvalid',
} as const;

/** Rejects names that try to reach another directory or hide control characters. */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  const hasControl = [...trimmed].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (!trimmed || trimmed.length > 255 || hasControl || /[/\\]/.test(trimmed) || trimmed.includes('..')) {
    throw new AppError('FileNameInvalid');
  }
  return trimmed;
}

/**
 * Counts and sniffs a stream on its way to disk: it fails as soon as the stream passes `limit`, and when its
 * first bytes are not a format of `kind`.
 */
export class UploadGuard extends Transform {
  private received = 0;
  private head = Buffer.alloc(0);
  format: FileFormat | undefined;

  private readonly limit: number;

  constructor(private readonly kind: FileKind) {
    super();
    this.limit = LIMITS[kind];
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.limit) {
      callback(new AppError(TOO_LARGE[this.kind]));
      return;
    }
    if (!this.format && this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) {
        const error = this.identify();
        if (error) {
          callback(error);
          return;
        }
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    callback(this.format ? null : this.identify());
  }

  private identify(): AppError | undefined {
    const detected = detectFormat(this.head);
    if (!detected || detected.kind !== this.kind) {
      return new AppError(TYPE_INVALID[this.kind]);
    }
    this.format = detected.format;
    return undefined;
  }
}
