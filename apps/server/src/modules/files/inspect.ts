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

const truncated = (size: number, declared: number): BuildFinding => ({
  level: 'error',
  code: 'Truncated',
  message: `The file is ${count.format(size)} bytes but its header says ${count.format(declared)}: it may be truncated or damaged.`,
});

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

/** The report of a .glb from its first `glbBytesNeeded` bytes and its size. */
export function glbReport(start: Buffer, size: number): BuildReport {
  const report = (glb: GlbSummary | null, findings: BuildFinding[]): BuildReport => ({
    format: 'glb',
    size,
    glb,
    assetBundle: null,
    findings,
  });
  if (start.length < GLB_HEADER_BYTES) {
    return report(null, [{ level: 'error', code: 'GlbHeader', message: 'The file is too short to be a glTF binary.' }]);
  }
  const findings: BuildFinding[] = [];
  const container = start.readUInt32LE(4);
  if (container !== 2) {
    findings.push({
      level: 'error',
      code: 'GlbVersion',
      message: `This is a glTF binary of version ${container}; export it as glTF 2.0.`,
    });
  }
  const declared = start.readUInt32LE(8);
  if (declared !== size) findings.push(truncated(size, declared));
  const jsonLength = start.readUInt32LE(12);
  if (start.readUInt32LE(16) !== JSON_CHUNK) {
    return report(null, [
      ...findings,
      { level: 'error', code: 'GlbJson', message: 'The file has no glTF JSON chunk where one must start.' },
    ]);
  }
  if (jsonLength > GLB_JSON_MAX_BYTES) {
    return report(null, [
      ...findings,
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
  if (!isObject(gltf)) {
    return report(null, [
      ...findings,
      { level: 'error', code: 'GlbJson', message: 'The glTF JSON chunk could not be read.' },
    ]);
  }
  const inspected = summariseGltf(gltf);
  return report(inspected.summary, [...findings, ...inspected.findings]);
}

/** The report of a Unity AssetBundle from its first 256 bytes and its size. */
export function assetBundleReport(start: Buffer, size: number): BuildReport {
  let offset = 0;
  const nextString = () => {
    const end = start.indexOf(0, offset);
    if (end < 0) return null;
    const value = start.subarray(offset, end).toString('latin1');
    offset = end + 1;
    return value;
  };
  const findings: BuildFinding[] = [];
  const signature = nextString() ?? 'Unity';
  const summary: AssetBundleSummary = { signature: signature.slice(0, 20), formatVersion: null, unityVersion: null };
  if (offset + 4 <= start.length) {
    summary.formatVersion = start.readUInt32BE(offset);
    offset += 4;
    nextString();
    summary.unityVersion = nextString()?.slice(0, 40) ?? null;
  }
  if (signature !== 'UnityFS') {
    findings.push({
      level: 'warning',
      code: 'LegacyAssetBundle',
      message: `This AssetBundle uses the old ${summary.signature} format: rebuild it with Unity 5.3 or newer.`,
    });
  } else if (summary.unityVersion !== null && offset + 8 <= start.length) {
    const declared = Number(start.readBigUInt64BE(offset));
    if (declared !== size) findings.push(truncated(size, declared));
  }
  return { format: 'assetbundle', size, glb: null, assetBundle: summary, findings };
}

async function readStart(filePath: string, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Inspects a stored build file, reading only its header (and a .glb's JSON chunk). */
export async function inspectBuildFile(filePath: string, format: 'glb' | 'unity', size: number): Promise<BuildReport> {
  if (format === 'unity') return assetBundleReport(await readStart(filePath, ASSET_BUNDLE_HEAD_BYTES), size);
  const header = await readStart(filePath, GLB_HEADER_BYTES);
  const needed = glbBytesNeeded(header, size);
  return glbReport(needed > header.length ? await readStart(filePath, needed) : header, size);
}
