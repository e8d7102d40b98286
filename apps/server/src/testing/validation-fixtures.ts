import { encodeGlb } from '@portal/test-assets';
import sharp from 'sharp';

/** A glTF binary of `gltf` with `bin` as its buffer 0, padded to 4 bytes, as an exporter writes it. */
const glbWithBin = (gltf: Record<string, unknown>, bin: Buffer) => {
  const padded = Buffer.concat([bin, Buffer.alloc((4 - (bin.length % 4)) % 4)]);
  return encodeGlb({ ...gltf, buffers: [{ byteLength: padded.length }] }, { bin: padded });
};

/**
 * One triangle whose index buffer points at vertices the model does not have (`badIndex`), the kind of mistake
 * the reference validator reports as an error (ACCESSOR_INDEX_OOB) and our header inspection cannot see.
 */
export function triangleGlb({ badIndex }: { badIndex?: number } = {}): Buffer {
  const positions = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
  const indices = Buffer.from(new Uint16Array([0, 1, badIndex ?? 2, 0]).buffer);
  return glbWithBin(
    {
      asset: { version: '2.0', generator: 'Portal validation fixture' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 },
        { buffer: 0, byteOffset: positions.length, byteLength: 6, target: 34963 },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
        { bufferView: 1, componentType: 5123, count: 3, type: 'SCALAR' },
      ],
    },
    Buffer.concat([positions, indices]),
  );
}

/** A textured triangle whose PNG texture is `width` × `height` pixels. */
export async function texturedGlb(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  const positions = Buffer.from(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer);
  const uvs = Buffer.from(new Float32Array([0, 0, 1, 0, 0, 1]).buffer);
  const imageOffset = positions.length + uvs.length;
  return glbWithBin(
    {
      asset: { version: '2.0', generator: 'Portal validation fixture' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, material: 0 }] }],
      materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
      textures: [{ source: 0, sampler: 0 }],
      samplers: [{}],
      images: [{ bufferView: 2, mimeType: 'image/png' }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 },
        { buffer: 0, byteOffset: positions.length, byteLength: uvs.length, target: 34962 },
        { buffer: 0, byteOffset: imageOffset, byteLength: png.length },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
        { bufferView: 1, componentType: 5126, count: 3, type: 'VEC2' },
      ],
    },
    Buffer.concat([positions, uvs, png]),
  );
}
