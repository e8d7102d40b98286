/** Build uploads as a partner's tools send them: the bodies, the one upload route, and the checks of its answer. */

import { createHash, randomFillSync } from 'node:crypto';
import http from 'node:http';
import { encodeGlb } from '@portal/test-assets';
import type { UploadAnswer } from './multipart-upload.ts';

export const UPLOAD_ROUTE = '/FileUpload/Single/Query';
/** An upload body is written in pieces of this size, only as fast as the socket drains. */
export const CHUNK_BYTES = 256 * 1024;
export const MB = 1024 * 1024;
export const GLB_PART = { fileName: 'bench-build.glb', contentType: 'model/gltf-binary' };

/** A body, built once: what every upload of a run sends. */
export interface UploadBody {
  chunks: Buffer[];
  bytes: number;
  sha256: string;
}

/** A valid .glb of `totalBytes` whose BIN chunk is random bytes, in CHUNK_BYTES pieces, with its sha256. */
export function buildUploadBody(totalBytes: number): UploadBody {
  const chunks = [...glbChunks(totalBytes)];
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return { chunks, bytes: totalBytes, sha256: hash.digest('hex') };
}

/** `bytes` in CHUNK_BYTES pieces (views, not copies). */
export function toChunks(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    chunks.push(bytes.subarray(offset, offset + CHUNK_BYTES));
  }
  return chunks;
}

/**
 * A valid binary glTF of exactly `totalBytes`, in CHUNK_BYTES pieces: the 12-byte header ("glTF", version 2,
 * total length), a JSON chunk naming one buffer, and a BIN chunk holding that buffer's random bytes.
 */
export function* glbChunks(totalBytes: number): Generator<Buffer> {
  const gltfFor = (binBytes: number) => ({
    asset: { version: '2.0', generator: 'portal bench' },
    buffers: [{ byteLength: binBytes }],
  });
  // Chunks are 4-byte aligned; the JSON is padded with spaces to the length the largest byteLength would need.
  const jsonBytes = Math.ceil(Buffer.byteLength(JSON.stringify(gltfFor(totalBytes))) / 4) * 4;
  const binBytes = totalBytes - 12 - 8 - jsonBytes - 8;
  if (binBytes < 0 || totalBytes % 4 !== 0) throw new Error(`cannot make a .glb of ${totalBytes} bytes`);
  const glb = encodeGlb(gltfFor(binBytes), { bin: randomFillSync(Buffer.allocUnsafe(binBytes)), jsonBytes });
  for (let offset = 0; offset < totalBytes; offset += CHUNK_BYTES) yield glb.subarray(offset, offset + CHUNK_BYTES);
}

/** The stored file's URL the portal answered an upload with; throws unless it answered 200 with one. */
export function originOf(upload: UploadAnswer, what = `POST ${UPLOAD_ROUTE}`): string {
  if (upload.status !== 200) throw new Error(`${what} answered ${upload.status}: ${upload.body.slice(0, 300)}`);
  const origin = (JSON.parse(upload.body) as Array<{ origin?: string }>)[0]?.origin;
  if (!origin) throw new Error(`${what} answered 200 without an origin: ${upload.body.slice(0, 300)}`);
  return origin;
}

/** Throws unless the portal answered 200 with an origin that serves back the same bytes (size and sha256). */
export async function checkPortalUpload(baseUrl: string, token: string, body: UploadBody, upload: UploadAnswer) {
  const origin = originOf(upload);
  const download = await downloadFile(new URL(origin, baseUrl).href, token);
  if (download.status !== 200 || download.bytes !== body.bytes || download.sha256 !== body.sha256) {
    throw new Error(
      `GET ${origin} answered ${download.status} with ${download.bytes} bytes ` +
        `(sha256 ${download.sha256 === body.sha256 ? 'matches' : 'differs'}); expected ${body.bytes} bytes`,
    );
  }
  return { origin, download };
}

function downloadFile(url: string, token: string): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      const hash = createHash('sha256');
      let bytes = 0;
      response.on('data', (part: Buffer) => {
        bytes += part.length;
        hash.update(part);
      });
      response.once('error', reject);
      response.once('end', () => resolve({ status: response.statusCode ?? 0, bytes, sha256: hash.digest('hex') }));
    });
    request.once('error', reject);
  });
}
