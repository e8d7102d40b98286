/**
 * glTF binaries (.glb) for tests and benchmarks, built in memory. A .glb is a 12-byte header ("glTF", version 2, the
 * file's length), a JSON chunk and, when the model carries data, a BIN chunk; a chunk is an 8-byte header (its
 * length and type) and a body padded to 4 bytes.
 */

/** The `asset.generator` of the models built here. */
const GENERATOR = 'Portal test fixture';

const HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;

// glTF's numbers for component types and buffer view targets
const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const alignTo4 = (length: number) => Math.ceil(length / 4) * 4;

/** What goes into a .glb beside its glTF JSON. */
export interface GlbChunks {
  /** The BIN chunk's bytes (the model's buffer 0), padded with zeros to 4 bytes; without it, no BIN chunk. */
  bin?: Buffer;
  /**
   * The JSON chunk's length, a multiple of 4: the JSON is padded with spaces up to it, so that a caller can make a
   * file of an exact size. By default the JSON's own length rounded up to 4.
   */
  jsonBytes?: number;
}

/** A .glb holding the glTF JSON `gltf` and, when given, a BIN chunk. */
export function encodeGlb(gltf: object, { bin, jsonBytes }: GlbChunks = {}): Buffer {
  const text = JSON.stringify(gltf);
  const textBytes = Buffer.byteLength(text);
  const jsonLength = jsonBytes ?? alignTo4(textBytes);
  if (jsonLength % 4 !== 0 || textBytes > jsonLength) {
    throw new Error(`a glTF JSON of ${textBytes} bytes does not make a JSON chunk of ${jsonLength}`);
  }
  const json = Buffer.alloc(jsonLength, ' ');
  json.write(text, 'utf8');
  const parts = [chunkHeader(jsonLength, 'JSON'), json];
  if (bin) {
    const binLength = alignTo4(bin.length);
    parts.push(chunkHeader(binLength, 'BIN\u0000'), bin, Buffer.alloc(binLength - bin.length));
  }
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(HEADER_BYTES + parts.reduce((sum, part) => sum + part.length, 0), 8);
  return Buffer.concat([header, ...parts]);
}

function chunkHeader(length: number, type: 'JSON' | 'BIN\u0000'): Buffer {
  const header = Buffer.alloc(CHUNK_HEADER_BYTES);
  header.writeUInt32LE(length, 0);
  header.write(type, 4, 'latin1');
  return header;
}

/**
 * The BIN chunk's length that makes a .glb of `gltfFor(binLength)` exactly `size` bytes, and the JSON chunk's length
 * to pad to: the JSON's when its buffer is declared as long as the whole file, which no shorter buffer outgrows.
 */
function fillTo(size: number, gltfFor: (binLength: number) => object): { binLength: number; jsonBytes: number } {
  const jsonBytes = alignTo4(Buffer.byteLength(JSON.stringify(gltfFor(size))));
  return { binLength: size - HEADER_BYTES - CHUNK_HEADER_BYTES - jsonBytes - CHUNK_HEADER_BYTES, jsonBytes };
}

/**
 * A glTF of one mesh of `triangles` triangles spanning `metres` on each side (its declared bounds), with one
 * material: what header inspection reads, in a few hundred bytes whatever the count, since its accessors have no data
 * (glTF reads them as zeros). For a model with real geometry, see `meshGlb`.
 */
export function gltfWithMesh(triangles = 12, metres = 1): Record<string, unknown> {
  return {
    asset: { version: '2.0', generator: GENERATOR },
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [{ name: 'paint' }],
    accessors: [
      { componentType: FLOAT, count: triangles + 2, type: 'VEC3', min: [0, 0, 0], max: [metres, metres, metres] },
      { componentType: UNSIGNED_INT, count: triangles * 3, type: 'SCALAR' },
    ],
  };
}

/**
 * A .glb of `size` bytes (a multiple of 4): `gltf` in its JSON chunk and, to make up the size, a BIN chunk of zeros
 * that no buffer declares. When the JSON alone is `size` bytes or more, the file is the JSON chunk only.
 */
export function glbBuild(size = 4096, gltf: Record<string, unknown> = { asset: { version: '2.0' } }): Buffer {
  const jsonOnly = encodeGlb(gltf);
  if (size <= jsonOnly.length) return jsonOnly;
  const binLength = size - jsonOnly.length - CHUNK_HEADER_BYTES;
  if (binLength < 0 || size % 4 !== 0) throw new Error(`cannot make a .glb of ${size} bytes`);
  return encodeGlb(gltf, { bin: Buffer.alloc(binLength) });
}

/**
 * A model that the reference validator accepts: one mesh of `triangles` triangles inside a 0.5 m cube, with one
 * material, in a .glb of exactly `size` bytes (a multiple of 4).
 *
 * When the geometry fits in `size`, it is real: a fan of triangles over points on a spiral, with corners at the
 * cube's bounds, and the BIN chunk padded up to `size` as an exporter's would be. When it does not, the accessors
 * have no data, which glTF reads as zeros, but for one sparse vertex at the far corner, so that the model keeps its
 * size; the BIN chunk then pads the file.
 */
export function meshGlb({ triangles, size }: { triangles: number; size: number }): Buffer {
  if (size % 4 !== 0) throw new Error(`cannot make a .glb of ${size} bytes`);
  const base = {
    asset: { version: '2.0', generator: GENERATOR },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [{}],
  };
  const vertices = triangles + 2;
  const isWide = vertices > 0xffff;
  const positionBytes = vertices * 12;
  const indexBytes = triangles * 3 * (isWide ? 4 : 2);

  const withData = (binLength: number) => ({
    ...base,
    buffers: [{ byteLength: binLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positionBytes, target: ARRAY_BUFFER },
      { buffer: 0, byteOffset: positionBytes, byteLength: indexBytes, target: ELEMENT_ARRAY_BUFFER },
    ],
    accessors: [
      { bufferView: 0, count: vertices, type: 'VEC3', componentType: FLOAT, min: [0, 0, 0], max: [0.5, 0.5, 0.5] },
      { bufferView: 1, count: triangles * 3, type: 'SCALAR', componentType: isWide ? UNSIGNED_INT : UNSIGNED_SHORT },
    ],
  });
  const real = fillTo(size, withData);
  if (real.binLength >= positionBytes + indexBytes) {
    const positions = new Float32Array(vertices * 3);
    for (let i = 1; i < vertices - 1; i++) {
      const turn = i / vertices;
      positions.set([0.25 + 0.2 * Math.cos(turn * 40), 0.25 + 0.2 * Math.sin(turn * 40), 0.05 + 0.4 * turn], i * 3);
    }
    positions.set([0.5, 0.5, 0.5], (vertices - 1) * 3);
    const indices = isWide ? new Uint32Array(triangles * 3) : new Uint16Array(triangles * 3);
    for (let i = 0; i < triangles; i++) indices.set([0, i + 1, i + 2], i * 3);
    const bin = Buffer.alloc(real.binLength);
    Buffer.from(positions.buffer).copy(bin, 0);
    Buffer.from(indices.buffer).copy(bin, positionBytes);
    return encodeGlb(withData(bin.length), { bin, jsonBytes: real.jsonBytes });
  }

  const corner = Buffer.alloc(16);
  corner.writeUInt32LE(vertices - 1, 0);
  for (const offset of [4, 8, 12]) corner.writeFloatLE(0.5, offset);
  const dataless = (binLength: number) => ({
    ...base,
    buffers: [{ byteLength: binLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 4 },
      { buffer: 0, byteOffset: 4, byteLength: 12 },
    ],
    accessors: [
      {
        count: vertices,
        type: 'VEC3',
        componentType: FLOAT,
        min: [0, 0, 0],
        max: [0.5, 0.5, 0.5],
        sparse: { count: 1, indices: { bufferView: 0, componentType: UNSIGNED_INT }, values: { bufferView: 1 } },
      },
      { count: triangles * 3, type: 'SCALAR', componentType: UNSIGNED_INT },
    ],
  });
  const padded = fillTo(size, dataless);
  if (padded.binLength < corner.length) throw new Error(`cannot make a .glb of ${size} bytes`);
  const bin = Buffer.concat([corner, Buffer.alloc(padded.binLength - corner.length)]);
  return encodeGlb(dataless(bin.length), { bin, jsonBytes: padded.jsonBytes });
}
