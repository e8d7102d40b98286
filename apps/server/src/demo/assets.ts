import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** The colours of one demo item's artwork. */
export interface Palette {
  from: string;
  to: string;
  accent: string;
}

const shapes = (accent: string, width: number, height: number) => {
  const unit = Math.min(width, height);
  const cx = width / 2;
  const cy = height / 2;
  return `
    <circle cx="${cx}" cy="${cy}" r="${unit * 0.3}" fill="none" stroke="${accent}" stroke-width="${unit * 0.04}" opacity="0.9"/>
    <circle cx="${cx}" cy="${cy}" r="${unit * 0.16}" fill="${accent}"/>
    <circle cx="${cx + unit * 0.3}" cy="${cy - unit * 0.12}" r="${unit * 0.05}" fill="#ffffff" opacity="0.85"/>
    <path d="M0 ${height * 0.82} Q ${width * 0.3} ${height * 0.7} ${width * 0.55} ${height * 0.84} T ${width} ${height * 0.8} V ${height} H 0 Z" fill="#ffffff" opacity="0.14"/>`;
};

function artwork({ from, to, accent }: Palette, width: number, height: number): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    ${shapes(accent, width, height)}
  </svg>`);
}

/** A square PNG icon. */
export function iconImage(palette: Palette): Promise<Buffer> {
  return sharp(artwork(palette, 512, 512))
    .png()
    .toBuffer();
}

/** A 16:9 JPEG cover. */
export function coverImage(palette: Palette): Promise<Buffer> {
  return sharp(artwork(palette, 1280, 720))
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A UnityFS AssetBundle header (format 8, built with `unityVersion`), padded to `size` bytes. */
export function unityBundle(size = 4096, unityVersion = '2022.3.10f1'): Buffer {
  const format = Buffer.alloc(4);
  format.writeUInt32BE(8);
  const prefix = Buffer.concat([
    Buffer.from('UnityFS\u0000', 'latin1'),
    format,
    Buffer.from(`5.x.x\u0000${unityVersion}\u0000`, 'latin1'),
  ]);
  const total = Math.max(size, prefix.length + 8);
  const declared = Buffer.alloc(8);
  declared.writeBigUInt64BE(BigInt(total));
  return Buffer.concat([prefix, declared, randomBytes(total - prefix.length - 8)]);
}

/**
 * A glTF binary of a lathed solid (a vase, a lantern): the profile's [radius, height] points in metres turned
 * around the vertical axis, with one coloured material.
 */
export function latheGlb(profile: Array<[number, number]>, color: [number, number, number], segments = 40): Buffer {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [radius, y] of profile) {
    for (let s = 0; s < segments; s += 1) {
      const angle = (s / segments) * Math.PI * 2;
      positions.push(radius * Math.cos(angle), y, radius * Math.sin(angle));
    }
  }
  for (let ring = 0; ring < profile.length - 1; ring += 1) {
    for (let s = 0; s < segments; s += 1) {
      const a = ring * segments + s;
      const b = ring * segments + ((s + 1) % segments);
      const c = a + segments;
      const d = b + segments;
      indices.push(a, c, b, b, c, d);
    }
  }
  const min = [0, 1, 2].map((axis) => Math.min(...positions.filter((_, i) => i % 3 === axis)));
  const max = [0, 1, 2].map((axis) => Math.max(...positions.filter((_, i) => i % 3 === axis)));
  const positionBytes = Buffer.from(new Float32Array(positions).buffer);
  const indexBytes = Buffer.from(new Uint16Array(indices).buffer);
  const bin = Buffer.concat([positionBytes, indexBytes, Buffer.alloc((4 - (indexBytes.length % 4)) % 4)]);
  const gltf = {
    asset: { version: '2.0', generator: 'Lumora demo' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [
      {
        pbrMetallicRoughness: { baseColorFactor: [...color, 1], metallicFactor: 0.1, roughnessFactor: 0.55 },
        doubleSided: true,
      },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positionBytes.length, target: 34962 },
      { buffer: 0, byteOffset: positionBytes.length, byteLength: indexBytes.length, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: positions.length / 3, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  return glbWithBin(gltf, bin);
}

/** A glTF binary of `gltf` with `bin` as its BIN chunk (and buffer 0), padded to 4 bytes, as an exporter writes it. */
function glbWithBin(gltf: Record<string, unknown>, bin: Buffer): Buffer {
  const padded = Buffer.concat([bin, Buffer.alloc((4 - (bin.length % 4)) % 4)]);
  const text = JSON.stringify({ ...gltf, buffers: [{ byteLength: padded.length }] });
  const json = Buffer.from(text.padEnd(Math.ceil(text.length / 4) * 4, ' '));
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data]);
  };
  const body = Buffer.concat([chunk('JSON', json), chunk('BIN\u0000', padded)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  return Buffer.concat([header, body]);
}
