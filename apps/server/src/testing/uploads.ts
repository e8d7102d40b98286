import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { as } from './requests.ts';

export { glbBuild, gltfWithMesh, unityBundle } from '@portal/test-assets';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, as a browser sends it. */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          `${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts one file as a browser's form does (to the file host's single upload unless `url` says otherwise). */
export function postFile(
  app: FastifyInstance,
  token: string,
  filename: string,
  data: Buffer,
  url = '/FileUpload/Single/Query',
) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, data }]);
  return as(app, token).post(url, payload, { headers });
}

export async function pngImage(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 91, g: 69, b: 224 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#26c6da"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

export async function jpegImage(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
}
