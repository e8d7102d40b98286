import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../testing/temp-dirs.ts';
import { glbBuild, gltfWithMesh, unityBundle } from '../../testing/uploads.ts';
import { assetBundleReport, glbReport, inspectBuild, inspectBuildFile, UnreadableBuildError } from './inspect.ts';

const codes = (report: { findings: Array<{ code: string }> }) => report.findings.map((finding) => finding.code);

describe('glTF binary report', () => {
  it('counts meshes, triangles, vertices and materials, and measures the model', () => {
    const file = glbBuild(4096, gltfWithMesh(12, 1.5));
    const report = glbReport(file, file.length);
    expect(report.glb).toMatchObject({
      gltfVersion: '2.0',
      generator: 'Portal test fixture',
      meshes: 1,
      primitives: 1,
      triangles: 12,
      vertices: 14,
      materials: 1,
      nodes: 1,
      dimensions: [1.5, 1.5, 1.5],
    });
    expect(report.findings).toEqual([]);
  });

  it('counts strips, fans and unindexed lists, and no triangles for points and lines', () => {
    const gltf = gltfWithMesh(1);
    gltf.meshes = [
      {
        primitives: [
          { attributes: { POSITION: 0 }, mode: 5 },
          { attributes: { POSITION: 0 }, mode: 6 },
          { attributes: { POSITION: 0 } },
          { attributes: { POSITION: 0 }, mode: 0 },
          { attributes: { POSITION: 0 }, mode: 1 },
        ],
      },
    ];
    gltf.accessors = [{ count: 9, type: 'VEC3' }];
    const file = glbBuild(1024, gltf);
    expect(glbReport(file, file.length).glb).toMatchObject({ primitives: 5, triangles: 7 + 7 + 3, vertices: 45 });
  });

  it('warns about a heavy model, one without meshes, and one exported in the wrong unit', () => {
    const heavy = glbBuild(2048, gltfWithMesh(150_000));
    expect(glbReport(heavy, heavy.length).findings).toEqual([
      {
        level: 'warning',
        code: 'ManyTriangles',
        message: '150,000 triangles: keep AR models under 100,000 to play smoothly on phones.',
      },
    ]);
    const empty = glbBuild(1024);
    expect(codes(glbReport(empty, empty.length))).toEqual(['NoMeshes']);
    const centimetres = glbBuild(1024, gltfWithMesh(12, 120));
    expect(glbReport(centimetres, centimetres.length).findings[0]?.message).toBe(
      'The model is 120 m across. glTF units are metres: check the export scale.',
    );
    const tiny = glbBuild(1024, gltfWithMesh(12, 0.004));
    expect(glbReport(tiny, tiny.length).findings[0]?.message).toBe(
      'The model is 0.4 cm across. glTF units are metres: check the export scale.',
    );
  });

  it('refuses to call a model fine when it refers to files outside itself', () => {
    const gltf = { ...gltfWithMesh(), buffers: [{ uri: 'scene.bin', byteLength: 10 }], images: [{ uri: 'data:a' }] };
    const file = glbBuild(1024, gltf);
    expect(glbReport(file, file.length).findings).toEqual([
      {
        level: 'error',
        code: 'ExternalResources',
        message: 'The model refers to files outside it (scene.bin): a .glb must embed every buffer and texture.',
      },
    ]);
  });

  it('refuses a truncated file, an old container and a missing or unreadable JSON chunk, saying why', () => {
    const whole = glbBuild(4096, gltfWithMesh());
    expect(() => glbReport(whole, 3000)).toThrow(
      new UnreadableBuildError('The file is 3,000 bytes but its header says 4,096: it may be truncated or damaged.'),
    );
    const old = Buffer.from(whole);
    old.writeUInt32LE(1, 4);
    expect(() => glbReport(old, old.length)).toThrow(
      'The file is not a glTF 2.0 binary (its header says container version 1): export it as glTF 2.0.',
    );
    const broken = Buffer.from(whole);
    broken.write('{{{{', 20, 'latin1');
    expect(() => glbReport(broken, broken.length)).toThrow('The glTF JSON chunk could not be read.');
    const noChunk = Buffer.from(whole);
    noChunk.write('BIN\u0000', 16, 'latin1');
    expect(() => glbReport(noChunk, noChunk.length)).toThrow('The file has no glTF JSON chunk where one must start.');
    const overlong = Buffer.from(whole);
    overlong.writeUInt32LE(8192, 12);
    expect(() => glbReport(overlong, overlong.length)).toThrow('The glTF JSON chunk runs past the end of the file.');
    expect(() => glbReport(Buffer.from('glTF'), 4)).toThrow('The file is too short to be a glTF binary.');
  });

  it('reports a well-formed file that declares glTF 1.0 instead of refusing it', () => {
    const v1 = glbBuild(1024, { ...gltfWithMesh(), asset: { version: '1.0' } });
    expect(codes(glbReport(v1, v1.length))).toEqual(['GltfVersion']);
  });

  it('never trusts the shapes inside the JSON', () => {
    const hostile = glbBuild(1024, {
      asset: { version: 2 },
      meshes: [{ primitives: [{ attributes: { POSITION: 99 }, indices: -1 }, 'x', null] }, 7],
      accessors: [{ count: -5, min: ['a'], max: [1, 2] }],
      materials: 'many',
      extensionsRequired: ['KHR_draco_mesh_compression', 4],
    });
    const report = glbReport(hostile, hostile.length);
    expect(report.glb).toMatchObject({
      gltfVersion: null,
      meshes: 1,
      primitives: 1,
      triangles: 0,
      materials: 0,
      extensionsRequired: ['KHR_draco_mesh_compression'],
      dimensions: null,
    });
    expect(codes(report)).toEqual(['GltfVersion']);
  });
});

describe('Unity AssetBundle report', () => {
  it('reads the format and the Unity version that built it', () => {
    const bundle = unityBundle(8192, '2022.3.10f1');
    expect(assetBundleReport(bundle.subarray(0, 256), bundle.length)).toEqual({
      format: 'assetbundle',
      size: 8192,
      glb: null,
      assetBundle: { signature: 'UnityFS', formatVersion: 8, unityVersion: '2022.3.10f1' },
      findings: [],
    });
  });

  it('reports the legacy formats', () => {
    const legacy = Buffer.from('UnityWeb\u0000\u0000\u0000\u0000\u00033.x.x\u00004.7.2f1\u0000', 'latin1');
    expect(assetBundleReport(legacy, 4096)).toMatchObject({
      assetBundle: { signature: 'UnityWeb', formatVersion: 3, unityVersion: '4.7.2f1' },
      findings: [
        {
          level: 'warning',
          code: 'LegacyAssetBundle',
          message: 'This AssetBundle uses the old UnityWeb format: rebuild it with Unity 5.3 or newer.',
        },
      ],
    });
  });

  it('refuses a truncated bundle, an unknown signature and a header cut short, saying why', () => {
    const bundle = unityBundle(8192);
    expect(() => assetBundleReport(bundle.subarray(0, 256), 5000)).toThrow(
      new UnreadableBuildError('The file is 5,000 bytes but its header says 8,192: it may be truncated or damaged.'),
    );
    expect(() => assetBundleReport(Buffer.from('UnityXYZ\u0000rest', 'latin1'), 4096)).toThrow(
      'The file does not start with an AssetBundle signature (UnityFS).',
    );
    expect(() => assetBundleReport(Buffer.from('Unity and then an ELF'), 4096)).toThrow(
      'The file does not start with an AssetBundle signature (UnityFS).',
    );
    expect(() => assetBundleReport(bundle.subarray(0, 14), 8192)).toThrow(
      'The AssetBundle header is cut short: the file may be damaged.',
    );
  });
});

describe('inspecting a stored file', () => {
  const temp = useTempDir('inspect');

  it('reads only what it needs from the start of the file', async () => {
    const glb = glbBuild(3 * 1024 * 1024, gltfWithMesh(40));
    await writeFile(path.join(temp.path, 'model.glb'), glb);
    const report = await inspectBuildFile(path.join(temp.path, 'model.glb'), 'glb', glb.length);
    expect(report).toMatchObject({ format: 'glb', size: glb.length, glb: { triangles: 40 }, findings: [] });
    const bundle = unityBundle(100_000);
    await writeFile(path.join(temp.path, 'game.ab'), bundle);
    expect(await inspectBuildFile(path.join(temp.path, 'game.ab'), 'unity', bundle.length)).toMatchObject({
      assetBundle: { formatVersion: 8 },
      findings: [],
    });
  });

  it('refuses glTF magic followed by something else, saying why', async () => {
    const elf = Buffer.concat([Buffer.from('glTF', 'latin1'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])]);
    const file = path.join(temp.path, 'elf.glb');
    await writeFile(file, Buffer.concat([elf, Buffer.alloc(4084)]));
    await expect(inspectBuildFile(file, 'glb', 4096)).rejects.toThrow(
      new UnreadableBuildError(
        'The file is not a glTF 2.0 binary (its header says container version 1179403647): export it as glTF 2.0.',
      ),
    );
  });

  it('walks the chunks after the JSON one and refuses any that do not end with the file', async () => {
    const read = (buffer: Buffer) => async (position: number, length: number) =>
      buffer.subarray(position, position + length);
    const glb = glbBuild(4096, gltfWithMesh());
    await expect(inspectBuild(read(glb), 'glb', glb.length)).resolves.toMatchObject({ findings: [] });

    const jsonEnd = 20 + glb.readUInt32LE(12);
    const overrun = Buffer.from(glb);
    overrun.writeUInt32LE(8192, jsonEnd);
    await expect(inspectBuild(read(overrun), 'glb', overrun.length)).rejects.toThrow(
      'A chunk runs past the end of the file: it may be truncated.',
    );
    const cut = Buffer.concat([glb.subarray(0, jsonEnd), Buffer.alloc(4)]);
    cut.writeUInt32LE(cut.length, 8);
    await expect(inspectBuild(read(cut), 'glb', cut.length)).rejects.toThrow(
      'The file ends inside a chunk header: it may be truncated.',
    );
    const zeros = Buffer.concat([glb.subarray(0, jsonEnd), Buffer.alloc(4096)]);
    zeros.writeUInt32LE(zeros.length, 8);
    await expect(inspectBuild(read(zeros), 'glb', zeros.length)).rejects.toThrow(
      'The file holds more than 16 chunks: it is not a glTF export.',
    );
  });
});
