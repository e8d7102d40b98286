import { open } from 'node:fs/promises';
import type { AssetBundleSummary, BuildFinding, BuildReport, GlbSummary } from '@portal/contracts';

const GLB_HEADER_BYTES = 20;
const JSON_CHUNK = 0x4e4f534a;
/** The largest glTF JSON chunk read; a bigger one is reported, not parsed. */
export const GLB_JSON_MAX_BYTES = 8 * 1024 * 1024;
const ASSET_BUNDLE_HEAD_BYTES = 256;
export const TRIANGLE_BUDGET = 100_000;
const LARGEST_METRES = 50;
const SMALLEST_METRES = 0.01;

const count = new Intl.NumberFormat('en-US');
const metres = (value: number) => Number(value.toPrecision(3)).toString();

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objectsOf = (value: unknown): Json[] => listOf(value).filter(isObject);
const wholeNumber = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
const text = (value: unknown, max = 120): string | null => (typeof value === 'string' ? value.slice(0, max) : null);
const vector = (value: unknown): [number, number, number] | undefined => {
  const list = listOf(value);
  return list.length >= 3 && list.slice(0, 3).every((n) => typeof n === 'number' && Number.isFinite(n))
    ? (list.slice(0, 3) as [number, number, number])
    : undefined;
};

/**
 * A build whose container does not parse: the header, the chunk or block lengths, or the glTF JSON. It is refused
 * with `message` as the reason; what is found in a container that parses is reported instead.
 */
export class UnreadableBuildError extends Error {
  override name = 'UnreadableBuildError';
}

const truncated = (size: number, declared: number) =>
  new UnreadableBuildError(
    `The file is ${count.format(size)} bytes but its header says ${count.format(declared)}: it may be truncated or damaged.`,
  );

/** How many bytes from the start of a .glb `glbReport` needs, given its first 20. */
export function glbBytesNeeded(header: Buffer, size: number): number {
  if (header.length < GLB_HEADER_BYTES || header.readUInt32LE(16) !== JSON_CHUNK) return Math.min(size, header.length);
  return Math.min(size, GLB_HEADER_BYTES + Math.min(header.readUInt32LE(12), GLB_JSON_MAX_BYTES));
}

function triangleCount(mode: number, vertexCount: number): number {
  if (mode === 4) return Math.floor(vertexCount / 3);
  if (mode === 5 || mode === 6) return Math.max(0, vertexCount - 2);
  return 0;
}

function summariseGltf(gltf: Json): { summary: GlbSummary; findings: BuildFinding[] } {
  const findings: BuildFinding[] = [];
  const accessors = listOf(gltf.accessors);
  const accessorAt = (index: unknown) =>
    typeof index === 'number' && isObject(accessors[index]) ? (accessors[index] as Json) : undefined;
  const meshes = objectsOf(gltf.meshes);
  let primitives = 0;
  let triangles = 0;
  let vertices = 0;
  const lower = [Infinity, Infinity, Infinity];
  const upper = [-Infinity, -Infinity, -Infinity];
  let bounded = false;
  for (const mesh of meshes) {
    for (const primitive of objectsOf(mesh.primitives)) {
      primitives += 1;
      const attributes = isObject(primitive.attributes) ? primitive.attributes : {};
      const position = accessorAt(attributes.POSITION);
      const positions = wholeNumber(position?.count);
      vertices += positions;
      const indices = accessorAt(primitive.indices);
      const mode = primitive.mode === undefined ? 4 : wholeNumber(primitive.mode);
      triangles += triangleCount(mode, indices ? wholeNumber(indices.count) : positions);
      const min = vector(position?.min);
      const max = vector(position?.max);
      if (min && max) {
        bounded = true;
        min.forEach((value, i) => {
          lower[i] = Math.min(lower[i] ?? value, value);
        });
        max.forEach((value, i) => {
          upper[i] = Math.max(upper[i] ?? value, value);
        });
      }
    }
  }
  const dimensions = bounded
    ? (upper.map((value, i) => Math.max(0, value - (lower[i] ?? value))) as [number, number, number])
    : null;
  const asset = isObject(gltf.asset) ? gltf.asset : {};
  const summary: GlbSummary = {
    gltfVersion: text(asset.version, 20),
    generator: text(asset.generator),
    meshes: meshes.length,
    primitives,
    triangles,
    vertices,
    materials: listOf(gltf.materials).length,
    textures: listOf(gltf.textures).length,
    animations: listOf(gltf.animations).length,
    nodes: listOf(gltf.nodes).length,
    extensionsRequired: listOf(gltf.extensionsRequired)
      .filter((name): name is string => typeof name === 'string')
      .map((name) => name.slice(0, 80))
      .slice(0, 20),
    dimensions,
  };

  if (!summary.gltfVersion?.startsWith('2.')) {
    findings.push({
      level: 'error',
      code: 'GltfVersion',
      message: `The model declares glTF ${summary.gltfVersion ?? 'without a version'}; export it as glTF 2.0.`,
    });
  }
  const external = [...objectsOf(gltf.buffers), ...objectsOf(gltf.images)]
    .map((resource) => text(resource.uri, 200))
    .filter((uri): uri is string => uri !== null && !uri.startsWith('data:'));
  if (external.length > 0) {
    findings.push({
      level: 'error',
      code: 'ExternalResources',
      message: `The model refers to files outside it (${external.slice(0, 3).join(', ')}): a .glb must embed every buffer and texture.`,
    });
  }
  if (meshes.length === 0) {
    findings.push({
      level: 'warning',
      code: 'NoMeshes',
      message: 'The model has no meshes, so nothing will show in AR.',
    });
  }
  if (triangles > TRIANGLE_BUDGET) {
    findings.push({
      level: 'warning',
      code: 'ManyTriangles',
      message: `${count.format(triangles)} triangles: keep AR models under ${count.format(TRIANGLE_BUDGET)} to play smoothly on phones.`,
    });
  }
  const largest = dimensions ? Math.max(...dimensions) : undefined;
  if (largest !== undefined && largest > LARGEST_METRES) {
    findings.push({
      level: 'warning',
      code: 'LargeScale',
      message: `The model is ${metres(largest)} m across. glTF units are metres: check the export scale.`,
    });
  } else if (largest !== undefined && meshes.length > 0 && largest < SMALLEST_METRES) {
    findings.push({
      level: 'warning',
      code: 'SmallScale',
      message: `The model is ${metres(largest * 100)} cm across. glTF units are metres: check the export scale.`,
    });
  }
  return { summary, findings };
}

/**
 * The report of a .glb from its first `glbBytesNeeded` bytes and its size. Throws UnreadableBuildError when the
 * header or the JSON chunk does not parse; the chunks after the JSON are checked by `checkGlbChunks`.
 */
export function glbReport(start: Buffer, size: number): BuildReport {
  const report = (glb: GlbSummary | null, findings: BuildFinding[]): BuildReport => ({
    format: 'glb',
    size,
    glb,
    assetBundle: null,
    findings,
  });
  if (start.length < GLB_HEADER_BYTES) throw new UnreadableBuildError('The file is too short to be a glTF binary.');
  const container = start.readUInt32LE(4);
  if (container !== 2) {
    throw new UnreadableBuildError(
      `The file is not a glTF 2.0 binary (its header says container version ${container}): export it as glTF 2.0.`,
    );
  }
  const declared = start.readUInt32LE(8);
  if (declared !== size) throw truncated(size, declared);
  const jsonLength = start.readUInt32LE(12);
  if (start.readUInt32LE(16) !== JSON_CHUNK) {
    throw new UnreadableBuildError('The file has no glTF JSON chunk where one must start.');
  }
  if (GLB_HEADER_BYTES + jsonLength > size) {
    throw new UnreadableBuildError('The glTF JSON chunk runs past the end of the file.');
  }
  if (jsonLength > GLB_JSON_MAX_BYTES) {
    return report(null, [
      {
        level: 'warning',
        code: 'GlbJsonTooLarge',
        message: 'The glTF JSON chunk is larger than 8 MB, so the model could not be inspected.',
      },
    ]);
  }
  let gltf: unknown;
  try {
    if (GLB_HEADER_BYTES + jsonLength > start.length) throw new Error('short');
    gltf = JSON.parse(start.subarray(GLB_HEADER_BYTES, GLB_HEADER_BYTES + jsonLength).toString('utf8'));
  } catch {
    gltf = undefined;
  }
  if (!isObject(gltf)) throw new UnreadableBuildError('The glTF JSON chunk could not be read.');
  const inspected = summariseGltf(gltf);
  return report(inspected.summary, inspected.findings);
}

/** Reads `length` bytes at `position`; fewer at the end of the file. */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** glTF 2.0 has a JSON and a BIN chunk; readers skip unknown ones, but a file made of many is not an export. */
const GLB_MAX_CHUNKS = 16;

/**
 * Walks the chunk headers after the JSON chunk of a .glb whose header `glbReport` accepted: each must fit, and
 * the last must end where the file does.
 */
export async function checkGlbChunks(read: ReadAt, header: Buffer, size: number): Promise<void> {
  let offset = GLB_HEADER_BYTES + header.readUInt32LE(12);
  for (let chunks = 1; offset < size; chunks += 1) {
    if (chunks >= GLB_MAX_CHUNKS) {
      throw new UnreadableBuildError(`The file holds more than ${GLB_MAX_CHUNKS} chunks: it is not a glTF export.`);
    }
    const chunk = await read(offset, 8);
    if (chunk.length < 8) throw new UnreadableBuildError('The file ends inside a chunk header: it may be truncated.');
    offset += 8 + chunk.readUInt32LE(0);
    if (offset > size) throw new UnreadableBuildError('A chunk runs past the end of the file: it may be truncated.');
  }
}

const ASSET_BUNDLE_SIGNATURES = ['UnityFS', 'UnityWeb', 'UnityRaw', 'UnityArchive'];

/**
 * The report of a Unity AssetBundle from its first 256 bytes and its size. Throws UnreadableBuildError when the
 * header does not parse or, for UnityFS, does not declare the file's size.
 */
export function assetBundleReport(start: Buffer, size: number): BuildReport {
  let offset = 0;
  const nextString = () => {
    const end = start.indexOf(0, offset);
    if (end < 0) return null;
    const value = start.subarray(offset, end).toString('latin1');
    offset = end + 1;
    return value;
  };
  const signature = nextString();
  if (signature === null || !ASSET_BUNDLE_SIGNATURES.includes(signature)) {
    throw new UnreadableBuildError('The file does not start with an AssetBundle signature (UnityFS).');
  }
  const cutShort = () => new UnreadableBuildError('The AssetBundle header is cut short: the file may be damaged.');
  if (offset + 4 > start.length) throw cutShort();
  const formatVersion = start.readUInt32BE(offset);
  offset += 4;
  const playerVersion = nextString();
  const unityVersion = nextString();
  if (playerVersion === null || unityVersion === null) throw cutShort();
  const summary: AssetBundleSummary = {
    signature,
    formatVersion,
    unityVersion: unityVersion.slice(0, 40),
  };
  const findings: BuildFinding[] = [];
  if (signature !== 'UnityFS') {
    findings.push({
      level: 'warning',
      code: 'LegacyAssetBundle',
      message: `This AssetBundle uses the old ${summary.signature} format: rebuild it with Unity 5.3 or newer.`,
    });
  } else {
    if (offset + 8 > start.length) throw cutShort();
    const declared = Number(start.readBigUInt64BE(offset));
    if (declared !== size) throw truncated(size, declared);
  }
  return { format: 'assetbundle', size, glb: null, assetBundle: summary, findings };
}

/** Inspects a stored build file, reading only its headers (and a .glb's JSON chunk). */
export async function inspectBuildFile(filePath: string, format: 'glb' | 'unity', size: number): Promise<BuildReport> {
  const handle = await open(filePath, 'r');
  try {
    const read: ReadAt = async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    return await inspectBuild(read, format, size);
  } finally {
    await handle.close();
  }
}

/** Inspects a build through `read`; throws UnreadableBuildError when its container does not parse. */
export async function inspectBuild(read: ReadAt, format: 'glb' | 'unity', size: number): Promise<BuildReport> {
  if (format === 'unity') return assetBundleReport(await read(0, ASSET_BUNDLE_HEAD_BYTES), size);
  const header = await read(0, GLB_HEADER_BYTES);
  const needed = glbBytesNeeded(header, size);
  const report = glbReport(needed > header.length ? await read(0, needed) : header, size);
  await checkGlbChunks(read, header, size);
  return report;
}
