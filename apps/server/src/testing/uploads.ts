import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export { unityBundle } from '../demo/assets.ts';

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

/** A glTF with one triangle mesh of `triangles` triangles spanning `metres` on each side. */
export function gltfWithMesh(triangles = 12, metres = 1): Record<string, unknown> {
  return {
    asset: { version: '2.0', generator: 'Portal test fixture' },
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [{ name: 'paint' }],
    accessors: [
      { componentType: 5126, count: triangles + 2, type: 'VEC3', min: [0, 0, 0], max: [metres, metres, metres] },
      { componentType: 5125, count: triangles * 3, type: 'SCALAR' },
    ],
  };
}

/** A glTF binary: header, a JSON chunk holding `gltf` and, to reach `size` bytes, a BIN chunk of zeros. */
export function glbBuild(size = 4096, gltf: Record<string, unknown> = { asset: { version: '2.0' } }): Buffer {
  const text = JSON.stringify(gltf);
  const json = Buffer.from(text.padEnd(Math.ceil(text.length / 4) * 4, ' '));
  const unpadded = 20 + json.length;
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(Math.max(size, unpadded), 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'ascii');
  if (size <= unpadded) return Buffer.concat([header, json]);
  const binLength = size - unpadded - 8;
  if (binLength < 0 || size % 4 !== 0) throw new Error(`cannot make a .glb of ${size} bytes`);
  const binHeader = Buffer.alloc(8);
  binHeader.writeUInt32LE(binLength, 0);
  binHeader.write('BIN\u0000', 4, 'latin1');
  return Buffer.concat([header, json, binHeader, Buffer.alloc(binLength)]);
}
