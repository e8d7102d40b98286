import type { BuildReport } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes, summaryOf } from './build-report.tsx';

const glbReport = (overrides: Partial<NonNullable<BuildReport['glb']>> = {}): BuildReport => ({
  format: 'glb',
  size: 3 * 1024 * 1024 + 200 * 1024,
  glb: {
    gltfVersion: '2.0',
    generator: null,
    meshes: 1,
    primitives: 2,
    triangles: 1,
    vertices: 3,
    materials: 2,
    textures: 0,
    animations: 0,
    nodes: 1,
    extensionsRequired: [],
    dimensions: [1.25, 0.004, 12],
    ...overrides,
  },
  assetBundle: null,
  findings: [],
});

describe('build report summary', () => {
  it('reads a model at a glance, in the singular where there is one', () => {
    expect(summaryOf(glbReport())).toBe('glTF 2.0 · 1 mesh · 1 triangle · 2 materials · 1.25 × 0.004 × 12 m · 3.2 MB');
    expect(summaryOf(glbReport({ meshes: 3, triangles: 48_210, textures: 4, animations: 1, dimensions: null }))).toBe(
      'glTF 2.0 · 3 meshes · 48,210 triangles · 2 materials · 4 textures · 1 animation · 3.2 MB',
    );
  });

  it('names the AssetBundle format and the Unity version that built it', () => {
    const report: BuildReport = {
      format: 'assetbundle',
      size: 900,
      glb: null,
      assetBundle: { signature: 'UnityFS', formatVersion: 8, unityVersion: '2022.3.10f1' },
      findings: [],
    };
    expect(summaryOf(report)).toBe('UnityFS AssetBundle · Unity 2022.3.10f1 · 900 B');
    expect(summaryOf({ ...report, assetBundle: null })).toBe('AssetBundle · 900 B');
  });

  it('formats sizes in bytes, kilobytes and megabytes', () => {
    expect([formatBytes(1023), formatBytes(1536), formatBytes(50 * 1024 * 1024)]).toEqual([
      '1023 B',
      '1.5 KB',
      '50.0 MB',
    ]);
  });
});
