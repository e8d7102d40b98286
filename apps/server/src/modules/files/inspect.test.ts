import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glbBuild, gltfWithMesh, unityBundle } from '../../testing/uploads.ts';
import { assetBundleReport, glbReport, inspectBuildFile } from './inspect.ts';

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

  it('reports a truncated file, an old container, an unreadable JSON chunk and glTF 1.0', () => {
    const whole = glbBuild(4096, gltfWithMesh());
    expect(glbReport(whole, 3000).findings[0]).toMatchObject({
      code: 'Truncated',
      message: 'The file is 3,000 bytes but its header says 4,096: it may be truncated or damaged.',
    });
    const old = Buffer.from(whole);
    old.writeUInt32LE(1, 4);
    expect(codes(glbReport(old, old.length))).toEqual(['GlbVersion']);
    const broken = Buffer.from(whole);
    broken.write('{{{{', 20, 'latin1');
    expect(glbReport(broken, broken.length)).toMatchObject({ glb: null, findings: [{ code: 'GlbJson' }] });
    const noChunk = Buffer.from(whole);
    noChunk.write('BIN\u0000', 16, 'latin1');
    expect(codes(glbReport(noChunk, noChunk.length))).toEqual(['GlbJson']);
    const v1 = glbBuild(1024, { ...gltfWithMesh(), asset: { version: '1.0' } });
    expect(codes(glbReport(v1, v1.length))).toEqual(['GltfVersion']);
    expect(codes(glbReport(Buffer.from('glTF'), 4))).toEqual(['GlbHeader']);
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

  it('reports a truncated bundle and the legacy formats', () => {
    const bundle = unityBundle(8192);
    expect(codes(assetBundleReport(bundle.subarray(0, 256), 5000))).toEqual(['Truncated']);
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
});

describe('inspecting a stored file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-inspect-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads only what it needs from the start of the file', async () => {
    const glb = glbBuild(3 * 1024 * 1024, gltfWithMesh(40));
    await writeFile(path.join(dir, 'model.glb'), glb);
    const report = await inspectBuildFile(path.join(dir, 'model.glb'), 'glb', glb.length);
    expect(report).toMatchObject({ format: 'glb', size: glb.length, glb: { triangles: 40 }, findings: [] });
    const bundle = unityBundle(100_000);
    await writeFile(path.join(dir, 'game.ab'), bundle);
    expect(await inspectBuildFile(path.join(dir, 'game.ab'), 'unity', bundle.length)).toMatchObject({
      assetBundle: { formatVersion: 8 },
      findings: [],
    });
  });
});
