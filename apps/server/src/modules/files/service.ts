import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { BUILD_MAX_BYTES, type BuildReport, IMAGE_MAX_BYTES, type UploadedFile } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { writeStreamToFile } from '../../lib/write-file.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import {
  CONTENT_TYPES,
  detectFormat,
  EXTENSIONS,
  type FileFormat,
  type FileKind,
  kindOfFileName,
  SNIFF_BYTES,
} from './detect.ts';
import { inspectBuildFile } from './inspect.ts';
import * as repo from './repository.ts';

const LIMITS: Record<FileKind, number> = { image: IMAGE_MAX_BYTES, build: BUILD_MAX_BYTES };
const VARIANTS = [
  { variant: 'icon', size: 128 },
  { variant: 'small', size: 320 },
  { variant: 'medium', size: 800 },
] as const;
const MAX_IMAGE_PIXELS = 40_000_000;

export interface IncomingFile {
  /** The name the client gave the file. */
  filename: string;
  /** The multipart field it came in. */
  fieldname: string;
  file: Readable;
}

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
class UploadGuard extends Transform {
  private received = 0;
  private head = Buffer.alloc(0);
  format: FileFormat | undefined;

  constructor(
    private readonly kind: FileKind,
    private readonly limit: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.limit) {
      callback(new AppError(this.kind === 'image' ? 'ImageTooLarge' : 'BuildTooLarge'));
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
      return new AppError(this.kind === 'image' ? 'ImageTypeInvalid' : 'BuildTypeInvalid');
    }
    this.format = detected.format;
    return undefined;
  }
}

export interface FilesDeps {
  db: Db;
  config: AppConfig;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

export function createFilesService({ db, config, storage, log }: FilesDeps) {
  const tmpDir = path.join(config.dataDir, 'tmp');
  const urlPrefix = `${config.hosts.files}/files/`;
  const urlOf = (key: string) => `${urlPrefix}${key}`;
  const keyOf = (url: string) => (url.startsWith(urlPrefix) ? url.slice(urlPrefix.length) : undefined);

  async function storeUpload(incoming: IncomingFile, ownerId: string, displayName: string): Promise<UploadedFile> {
    const originalName = checkFileName(incoming.filename);
    const kind = kindOfFileName(originalName);
    if (!kind) {
      incoming.file.resume();
      throw new AppError('UnsupportedMediaType', 'Only JPG or PNG images and AB or GLB builds can be uploaded.');
    }
    await mkdir(tmpDir, { recursive: true });
    const tmpFile = path.join(tmpDir, randomUUID());
    const guard = new UploadGuard(kind, LIMITS[kind]);
    const stored: string[] = [];
    try {
      await writeStreamToFile(tmpFile, incoming.file, guard);
      const format = guard.format;
      if (!format) throw new AppError(kind === 'image' ? 'ImageTypeInvalid' : 'BuildTypeInvalid');
      const uploadId = randomUUID();
      const ext = EXTENSIONS[format];
      const contentType = CONTENT_TYPES[format];
      const rows: Array<{
        key: string;
        variant: 'origin' | 'icon' | 'small' | 'medium';
        size: number;
        report?: BuildReport;
      }> = [];

      if (kind === 'image') {
        try {
          const meta = await sharp(tmpFile, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
          if (!meta.width || !meta.height) throw new Error('no dimensions');
        } catch {
          throw new AppError('ImageTypeInvalid');
        }
        for (const { variant, size } of VARIANTS) {
          const data = await sharp(tmpFile, { limitInputPixels: MAX_IMAGE_PIXELS })
            .rotate()
            .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
            .toFormat(format === 'png' ? 'png' : 'jpeg')
            .toBuffer();
          const key = `${uploadId}/${variant}.${ext}`;
          await storage.put(key, Readable.from(data), { contentType, size: data.length });
          stored.push(key);
          rows.push({ key, variant, size: data.length });
        }
      }
      const size = (await stat(tmpFile)).size;
      const report = format === 'glb' || format === 'unity' ? await inspectBuildFile(tmpFile, format, size) : undefined;
      const originKey = `${uploadId}/origin.${ext}`;
      await storage.putFile(originKey, tmpFile, { contentType, size });
      stored.push(originKey);
      rows.push({ key: originKey, variant: 'origin', size, report });

      await repo.insertStoredFiles(
        db,
        rows.map((row) => ({ ...row, uploadId, ownerId, kind, contentType, originalName })),
      );
      const variantUrl = (variant: string) => {
        const row = rows.find((r) => r.variant === variant);
        return row ? urlOf(row.key) : null;
      };
      log.info({ ownerId, kind, size }, 'file uploaded');
      return {
        name: displayName || originalName,
        origin: urlOf(originKey),
        icon: variantUrl('icon'),
        medium: variantUrl('medium'),
        small: variantUrl('small'),
      };
    } catch (err) {
      incoming.file.resume();
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(kind === 'image' ? 'ImageTooLarge' : 'BuildTooLarge');
      }
      throw err;
    } finally {
      await rm(tmpFile, { force: true });
    }
  }

  /** Throws FileUrlNotOurs unless every URL is a file of `kind` this partner uploaded here. */
  async function requireOwnedFiles(ownerId: string, urls: string[], kind: FileKind): Promise<void> {
    const keys = urls.map(keyOf);
    if (keys.some((key) => key === undefined)) throw new AppError('FileUrlNotOurs');
    const unique = [...new Set(keys as string[])];
    const rows = await repo.selectStoredFilesByKeys(db, unique);
    const ok = rows.length === unique.length && rows.every((row) => row.ownerId === ownerId && row.kind === kind);
    if (!ok) throw new AppError('FileUrlNotOurs');
  }

  return {
    storeUpload,
    requireOwnedImages: (ownerId: string, urls: string[]) => requireOwnedFiles(ownerId, urls, 'image'),
    requireOwnedBuilds: (ownerId: string, urls: string[]) => requireOwnedFiles(ownerId, urls, 'build'),

    /** The inspection report of a build, for its owner and admins only. */
    async buildReport(url: string, viewer: { id: string; role: string }): Promise<BuildReport> {
      const key = keyOf(url);
      const [row] = key ? await repo.selectStoredFilesByKeys(db, [key]) : [];
      if (row?.kind !== 'build' || !row.report) throw new AppError('FileNotFound');
      if (row.ownerId !== viewer.id && viewer.role !== 'Admin') throw new AppError('FileNotFound');
      return row.report;
    },

    /** A stored file to send, with what the reader may see of it. */
    async openFile(key: string) {
      const [row] = await repo.selectStoredFilesByKeys(db, [key]);
      if (!row) throw new AppError('FileNotFound');
      const content = await storage.get(key);
      if (!content) throw new AppError('FileNotFound');
      return { row, url: urlOf(key), ...content };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
