import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  BUILD_MAX_BYTES,
  fileMessages,
  isBuildFileName,
  UPLOAD_PATHS,
  type UploadedFile,
  type UploadResponse,
} from '@portal/contracts';
import type { ApiClient } from './api.ts';
import { CliError } from './errors.ts';
import { isReportPending, type LooseReport } from './report.ts';

/** The four platforms a version carries a build for, with the flag, label and version field of each. */
export const PLATFORMS = [
  { key: 'ios', flag: 'ios', label: 'iOS', field: 'iosAssetUrl' },
  { key: 'android', flag: 'android', label: 'Android', field: 'androidAssetUrl' },
  { key: 'visionOS', flag: 'visionos', label: 'visionOS', field: 'visionOSAssetUrl' },
  { key: 'macOS', flag: 'macos', label: 'macOS', field: 'macOSAssetUrl' },
] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface LocalBuild {
  platform: Platform;
  path: string;
  name: string;
  size: number;
}

/** A build file as the portal's upload form checks it (format, then size), before a byte is sent. */
export async function checkBuildFile(platform: Platform, filePath: string): Promise<LocalBuild> {
  const name = path.basename(filePath);
  if (!isBuildFileName(name)) {
    throw new CliError('BuildTypeInvalid', `${platform.label} build ${name}: ${fileMessages.buildFormat}`);
  }
  let size: number;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw new CliError('FileUnreadable', `${platform.label} build: there is no file at ${filePath}.`);
  }
  if (size > BUILD_MAX_BYTES) {
    throw new CliError('BuildTooLarge', `${platform.label} build ${name}: ${fileMessages.buildSize}`);
  }
  return { platform, path: filePath, name, size };
}

/** A file name as a browser writes it into a multipart header: quotes and line breaks percent-encoded. */
const headerSafe = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * Streams one build to the file host as the web form does (one `file` part on the Single endpoint), calling
 * `onProgress` with the bytes of the file read into the request so far.
 */
export async function uploadBuild(
  client: ApiClient,
  build: LocalBuild,
  onProgress: (sent: number) => void,
): Promise<UploadedFile> {
  const boundary = `----lumora${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${headerSafe(build.name)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(build.path, { highWaterMark: 256 * 1024 })) {
      sent += (chunk as Buffer).length;
      onProgress(sent);
      yield chunk as Buffer;
    }
    yield tail;
  }
  const uploaded = await client.request<UploadResponse>('POST', UPLOAD_PATHS.single, {
    host: 'files',
    raw: {
      body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + build.size + tail.length),
      },
    },
  });
  const file = uploaded[0];
  if (!file?.origin) throw new CliError('UnexpectedResponse', `The file host did not answer a URL for ${build.name}.`);
  return file;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A build's report, asked again while the host says it is still being produced (a validator may run after the
 * upload), up to `timeoutMs`: then the last answer, still pending.
 */
export async function waitForReport(
  client: ApiClient,
  url: string,
  options: { timeoutMs: number; intervalMs: number },
): Promise<{ report: LooseReport; pending: boolean }> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    let report: LooseReport;
    try {
      report = await client.request<LooseReport>('GET', '/FileUpload/Report', { host: 'files', query: { url } });
    } catch (error) {
      if (!(error instanceof CliError && error.errorCode === 'BuildReportPending')) throw error;
      report = { pending: true };
    }
    if (!isReportPending(report)) return { report, pending: false };
    if (Date.now() >= deadline) return { report, pending: true };
    await sleep(options.intervalMs);
  }
}
