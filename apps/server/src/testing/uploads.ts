import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

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

/** A minimal glTF binary: header and a JSON chunk, padded to `size` bytes. */
export function glbBuild(size = 4096): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [] }] }).padEnd(64, ' '));
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(Math.max(size, 20 + json.length), 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'ascii');
  const body = Buffer.concat([header, json]);
  return size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length)]) : body;
}

/** The start of a Unity AssetBundle, padded to `size` bytes. */
export function unityBundle(size = 4096): Buffer {
  const head = Buffer.from('UnityFS\u00008.x.x\u00002022.3.10f1\u0000', 'binary');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}
