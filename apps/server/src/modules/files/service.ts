import { randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type BuildReport,
  type BuildReportResponse,
  IMAGE_MAX_SIDE,
  submissionBlockerOf,
  type UploadedFile,
} from '@portal/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createConcurrencyLimit } from '../../lib/concurrency.ts';
import { AppError } from '../../lib/errors.ts';
import { hmacSha256 } from '../../lib/tokens.ts';
import { writeStreamToFile } from '../../lib/write-file.ts';
import type { FileStorage } from '../../plugins/storage.ts';
import { asUploadReadError } from '../../plugins/uploads.ts';
import { CONTENT_TYPES, EXTENSIONS, type FileKind, kindOfFileName } from './detect.ts';
import {
  createValidationQueue,
  initialReport,
  mergeValidation,
  runGltfValidator,
  ValidationFailure,
  ValidationStopped,
} from './gltf-validation.ts';
import { inspectBuildFile, UnreadableBuildError } from './inspect.ts';
import * as repo from './repository.ts';
import { checkFileName, TOO_LARGE, TYPE_INVALID, UploadGuard } from './upload-guard.ts';

/** A build is saved under the name it was uploaded with. */
export const buildDisposition = (originalName: string) => contentDisposition(originalName, { type: 'attachment' });

/** What the file host's own upload endpoints take; stage media take images and videos. */
const HOST_KINDS: readonly FileKind[] = ['image', 'build'];
const VARIANTS = [
  { variant: 'icon', size: 128 },
  { variant: 'small', size: 320 },
  { variant: 'medium', size: 800 },
] as const;
/** Decoding stops at this many pixels, whatever the header claimed: a guard behind the side check. */
const MAX_IMAGE_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE;
/**
 * Images decoded at once. Decoding takes width x height x 4 bytes or more and the CPU, so a burst of uploads
 * waits in line instead of adding up.
 */
const IMAGE_WORK_CONCURRENCY = 2;
/** Temporary files older than this are left over from an upload that died with its process. */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;

// libvips keeps recent decoded images in a cache and runs a thread per core for each image: with images queued
// two at a time, one thread each and no cache keep the memory of a burst flat.
sharp.cache(false);
sharp.concurrency(1);

export interface IncomingFile {
  /** The name the client gave the file. */
  filename: string;
  /** The multipart field it came in. */
  fieldname: string;
  file: Readable;
}

/**
 * Who else may install a partner's build: the testers module answers (a whitelisted tester, for a build of a
 * testing version). It sits above this module, so app.ts hands it to the routes that read builds.
 */
export interface TesterAccess {
  canInstall(viewerId: string, ownerId: string, url: string): Promise<boolean>;
}

/** Who asks for a stored file: nobody, or a signed-in account. */
export type FileViewer = { id: string; role: string } | undefined;

/** A file URL's signature, as its query carries it: `expires` (Unix seconds) and `signature` (hex). */
export interface FileGrant {
  expires?: string | undefined;
  signature?: string | undefined;
}

export interface FilesDeps {
  db: Db;
  config: Pick<AppConfig, 'dataDir' | 'hosts' | 'storage' | 'buildBudgets' | 'buildValidationTimeoutMs'>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Signs the short-lived URLs under which anyone holding one may read a build (`signedUrl`). */
  secretKey: string;
  now?: () => Date;
}

export function createFilesService({ db, config, storage, log, secretKey, now = () => new Date() }: FilesDeps) {
  const tmpDir = path.join(config.dataDir, 'tmp');
  const urlPrefix = `${config.hosts.files}/files/`;
  const urlOf = (key: string) => `${urlPrefix}${key}`;
  const keyOf = (url: string) => (url.startsWith(urlPrefix) ? url.slice(urlPrefix.length) : undefined);

  const imageWork = createConcurrencyLimit(IMAGE_WORK_CONCURRENCY);

  /**
   * A build is read by a platform admin, or whom the testers module lets install it: a member of its studio whose
   * role ships builds (the studio's founder too only while their role does), or a whitelisted tester of the testing
   * version it belongs to.
   */
  const mayReadBuild = async (row: { key: string; ownerId: string }, viewer: FileViewer, testers: TesterAccess) =>
    viewer !== undefined &&
    (viewer.role === 'Admin' || (await testers.canInstall(viewer.id, row.ownerId, urlOf(row.key))));

  /** The signature of a read of `key` until `expires` (Unix seconds): an HMAC, so only this server makes one. */
  const signatureOf = (key: string, expires: number) => hmacSha256(secretKey, `file:${key}:${expires}`);

  /** Whether a URL's signature lets it read `key` now: made here, for this key, and not yet expired. */
  function grantHolds(key: string, grant: FileGrant | undefined): boolean {
    if (!grant?.expires || !grant.signature || !/^[0-9]{1,12}$/.test(grant.expires)) return false;
    const expires = Number(grant.expires);
    if (expires * 1000 <= now().getTime()) return false;
    const expected = Buffer.from(signatureOf(key, expires), 'hex');
    const presented = Buffer.from(grant.signature, 'hex');
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }

  const newTmpFile = () => path.join(tmpDir, randomUUID());

  /**
   * Re-encodes an image into its origin and variants, as temporary files: the uploaded bytes are never served,
   * so nothing hidden after the image (or in its metadata) survives. Rotated per EXIF, metadata stripped.
   */
  async function renderImage(source: string, format: 'png' | 'jpeg') {
    return imageWork(async () => {
      let meta: Metadata;
      try {
        // the header only: a picture too large is told so below, not taken for a broken one
        meta = await sharp(source, { limitInputPixels: false }).metadata();
      } catch {
        throw new AppError('ImageTypeInvalid');
      }
      if (!meta.width || !meta.height) throw new AppError('ImageTypeInvalid');
      if (meta.width > IMAGE_MAX_SIDE || meta.height > IMAGE_MAX_SIDE) throw new AppError('ImageDimensionsTooLarge');
      const outputs: Array<{ variant: 'origin' | 'icon' | 'small' | 'medium'; file: string }> = [];
      try {
        for (const { variant, size } of [...VARIANTS, { variant: 'origin' as const, size: undefined }]) {
          const file = newTmpFile();
          outputs.push({ variant, file });
          const image = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
          if (size) image.resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
          if (format === 'png') image.png();
          else image.jpeg({ quality: variant === 'origin' ? 90 : 80 });
          await image.toFile(file);
        }
        return outputs;
      } catch {
        await Promise.all(outputs.map(({ file }) => rm(file, { force: true })));
        throw new AppError('ImageTypeInvalid');
      }
    });
  }

  async function inspectBuild(file: string, format: 'glb' | 'unity', size: number): Promise<BuildReport> {
    try {
      return initialReport(await inspectBuildFile(file, format, size), config.buildBudgets);
    } catch (err) {
      if (err instanceof UnreadableBuildError) throw new AppError('BuildUnreadable', err.message);
      throw err;
    }
  }

  async function storeUpload(
    incoming: IncomingFile,
    ownerId: string,
    displayName: string,
    accepted: readonly FileKind[] = HOST_KINDS,
  ): Promise<UploadedFile> {
    const originalName = checkFileName(incoming.filename);
    const kind = kindOfFileName(originalName);
    if (!kind || !accepted.includes(kind)) {
      incoming.file.resume();
      throw new AppError(
        'UnsupportedMediaType',
        accepted.includes('video')
          ? 'Only JPG or PNG images and MP4 or WebM videos can be uploaded.'
          : 'Only JPG or PNG images and AB or GLB builds can be uploaded.',
      );
    }
    await mkdir(tmpDir, { recursive: true });
    const tmpFile = newTmpFile();
    const guard = new UploadGuard(kind);
    const stored: string[] = [];
    const temporary = [tmpFile];
    try {
      try {
        await writeStreamToFile(tmpFile, incoming.file, guard);
      } catch (err) {
        // the upload itself broke off or did not parse, rather than the disk failing
        throw err === incoming.file.errored ? asUploadReadError(err) : err;
      }
      const format = guard.format;
      if (!format) throw new AppError(TYPE_INVALID[kind]);
      const uploadId = randomUUID();
      const ext = EXTENSIONS[format];
      const contentType = CONTENT_TYPES[format];
      const files: Array<{ variant: 'origin' | 'icon' | 'small' | 'medium'; file: string; report?: BuildReport }> = [];
      if (format === 'png' || format === 'jpeg') {
        const rendered = await renderImage(tmpFile, format);
        temporary.push(...rendered.map(({ file }) => file));
        files.push(...rendered);
      } else if (format === 'mp4' || format === 'webm') {
        files.push({ variant: 'origin', file: tmpFile });
      } else {
        const report = await inspectBuild(tmpFile, format, (await stat(tmpFile)).size);
        files.push({ variant: 'origin', file: tmpFile, report });
      }

      const rows: Array<{
        key: string;
        variant: 'origin' | 'icon' | 'small' | 'medium';
        size: number;
        report?: BuildReport;
      }> = [];
      for (const { variant, file, report } of files) {
        const key = `${uploadId}/${variant}.${ext}`;
        const size = (await stat(file)).size;
        await storage.putFile(key, file, { contentType, size });
        stored.push(key);
        rows.push({ key, variant, size, report });
      }
      await repo.insertStoredFiles(
        db,
        rows.map((row) => ({ ...row, uploadId, ownerId, kind, contentType, originalName })),
      );
      for (const row of rows) {
        if (row.report?.validation?.state === 'pending') validations.enqueue(row.key);
      }
      const urlOfVariant = (variant: string) => {
        const row = rows.find((r) => r.variant === variant);
        return row ? urlOf(row.key) : null;
      };
      log.info({ ownerId, kind, size: rows.find((row) => row.variant === 'origin')?.size }, 'file uploaded');
      return {
        name: displayName || originalName,
        origin: urlOfVariant('origin') ?? '',
        icon: urlOfVariant('icon'),
        medium: urlOfVariant('medium'),
        small: urlOfVariant('small'),
      };
    } catch (err) {
      incoming.file.resume();
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(TOO_LARGE[kind]);
      }
      throw err;
    } finally {
      await Promise.all(temporary.map((file) => rm(file, { force: true })));
    }
  }

  /**
   * Removes temporary files older than `olderThanMs`: what uploads left behind when their process was killed.
   * Nothing else writes there, and a live upload writes its file continuously.
   */
  async function sweepTemp(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return 0;
      throw err;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtimeMs > cutoff) continue;
      await rm(file, { force: true, recursive: true });
      removed += 1;
    }
    if (removed > 0) log.info({ removed }, 'left-over upload files removed');
    return removed;
  }

  /**
   * A stored build as a file on this machine for `use`: where disk storage keeps it, or a temporary copy streamed
   * from the bucket and removed afterwards. Undefined when the store no longer holds it.
   */
  async function withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T | undefined> {
    // the disk store's layout (plugins/storage.ts): its root, then the key
    if (config.storage.kind === 'disk') return use(path.join(config.storage.root, key));
    const content = await storage.get(key);
    if (!content) return undefined;
    await mkdir(tmpDir, { recursive: true });
    const file = newTmpFile();
    try {
      await writeStreamToFile(file, content.body);
      return await use(file);
    } finally {
      await rm(file, { force: true });
    }
  }

  /** Runs the reference validator over a stored .glb whose report is pending and stores the merged report. */
  async function validateStoredBuild(key: string, signal: AbortSignal): Promise<void> {
    const [row] = await repo.selectStoredFilesByKeys(db, [key]);
    if (row?.report?.validation?.state !== 'pending') return;
    const started = Date.now();
    let result: Parameters<typeof mergeValidation>[1];
    try {
      const outcome = await withLocalFile(key, (file) =>
        runGltfValidator(file, { timeoutMs: config.buildValidationTimeoutMs, signal }),
      );
      // the upload was discarded meanwhile: nothing left to report on
      if (!outcome) return;
      result = { outcome };
    } catch (err) {
      if (err instanceof ValidationStopped || signal.aborted) return;
      if (!(err instanceof ValidationFailure)) throw err;
      log.warn({ key, reason: err.message }, 'build validation failed');
      result = { failure: err.message };
    }
    const report = mergeValidation(row.report, result, config.buildBudgets, new Date());
    await repo.updatePendingReport(db, key, report);
    log.info(
      { key, state: report.validation?.state, ms: Date.now() - started, counts: report.validation?.counts },
      'build validated',
    );
  }

  const validations = createValidationQueue(validateStoredBuild, log);

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

    /** Removes files stored earlier in a request that was then refused, so that the refusal changes nothing. */
    async discardUploads(ownerId: string, uploaded: UploadedFile[]): Promise<void> {
      const urls = uploaded.flatMap((file) => [file.origin, file.icon, file.medium, file.small]);
      const keys = urls.map((url) => (url ? keyOf(url) : undefined)).filter((key) => key !== undefined);
      const deleted = await repo.deleteStoredFiles(db, ownerId, keys);
      await Promise.all(deleted.map((key) => storage.delete(key).catch(() => undefined)));
    },
    requireOwnedImages: (ownerId: string, urls: string[]) => requireOwnedFiles(ownerId, urls, 'image'),
    requireOwnedBuilds: (ownerId: string, urls: string[]) => requireOwnedFiles(ownerId, urls, 'build'),

    /** The inspection report of a build and the name it was uploaded under, for whoever may read the build. */
    async buildReport(
      url: string,
      viewer: { id: string; role: string },
      testers: TesterAccess,
    ): Promise<BuildReportResponse> {
      const key = keyOf(url);
      const [row] = key ? await repo.selectStoredFilesByKeys(db, [key]) : [];
      if (row?.kind !== 'build' || !row.report || !(await mayReadBuild(row, viewer, testers))) {
        throw new AppError('FileNotFound');
      }
      return { ...row.report, fileName: row.originalName };
    },

    /**
     * Why the reports of these stored builds hold back a submission (errors, else a validation still running), or
     * undefined. URLs that name no stored build are not judged here.
     */
    async submissionBlocker(urls: string[]): Promise<'BuildReportHasErrors' | 'BuildReportPending' | undefined> {
      const keys = [...new Set(urls.map(keyOf).filter((key) => key !== undefined))];
      const rows = await repo.selectStoredFilesByKeys(db, keys);
      return submissionBlockerOf(rows.filter((row) => row.kind === 'build').map((row) => row.report));
    },

    /** Queues the validations a stop cut off or never started; at start, before uploads come in. */
    async resumeValidations(): Promise<number> {
      const keys = await repo.selectPendingValidationKeys(db);
      for (const key of keys) validations.enqueue(key);
      if (keys.length > 0) log.info({ count: keys.length }, 'pending build validations queued');
      return keys.length;
    },

    /** Resolves once no validation waits or runs: tests wait for it instead of polling. */
    whenValidationsIdle: () => validations.idle(),

    /** Ends the validation under way and drops the queue: what was pending stays so, for the next start. */
    stopValidations: () => validations.close(),

    sweepTemp,

    /**
     * A URL of this file host under which anyone may read the file until `expiresAt` (rounded down to the second):
     * what the AR app is given for the builds it is told to show. A URL that names no stored file of ours, or none
     * at all, is answered as it is.
     */
    signedUrl(url: string | null, expiresAt: Date): string | null {
      const key = url ? keyOf(url) : undefined;
      if (!url || key === undefined) return url;
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${url}?${new URLSearchParams({ expires: String(expires), signature: signatureOf(key, expires) })}`;
    },

    /**
     * A stored file to send. Images are public; a build is read only under a signed URL that has not expired
     * (`signedUrl`), or by a member of its studio whose role ships builds, an admin, or a whitelisted tester of the
     * testing version it belongs to: anyone else is told it does not exist, before any byte is read.
     */
    async openFile(
      key: string,
      viewer: FileViewer,
      testers: TesterAccess,
      grant?: FileGrant,
    ): Promise<
      { row: repo.StoredFileRow; redirect: string } | { row: repo.StoredFileRow; body: Readable; size: number }
    > {
      const [row] = await repo.selectStoredFilesByKeys(db, [key]);
      if (!row) throw new AppError('FileNotFound');
      if (row.kind === 'build') {
        if (!grantHolds(key, grant) && !(await mayReadBuild(row, viewer, testers))) {
          throw new AppError('FileNotFound');
        }
        const redirect = await storage.signedDownloadUrl(key, {
          contentType: row.contentType,
          contentDisposition: buildDisposition(row.originalName),
        });
        if (redirect) return { row, redirect };
      }
      const content = await storage.get(key);
      if (!content) throw new AppError('FileNotFound');
      return { row, ...content };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
