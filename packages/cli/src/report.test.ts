import type { BuildReportResponse } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { formatReport, hasErrors, isReportPending } from './report.ts';

const glbReport: BuildReportResponse = {
  fileName: 'lantern.glb',
  format: 'glb',
  size: 3 * 1024 * 1024,
  glb: {
    gltfVersion: '2.0',
    generator: 'Blender',
    meshes: 2,
    primitives: 2,
    triangles: 60_000,
    vertices: 31_000,
    materials: 1,
    textures: 0,
    animations: 0,
    nodes: 2,
    extensionsRequired: [],
    dimensions: [0.25, 0.5, 0.25],
  },
  assetBundle: null,
  findings: [
    { level: 'error', code: 'ACCESSOR_INDEX_OOB', message: 'Index out of range', pointer: '/meshes/0/primitives/0' },
    { level: 'warning', code: 'NoScene', message: 'No default scene' },
  ],
  validation: {
    state: 'done',
    validatorVersion: '2.0.0',
    counts: { errors: 1, warnings: 1, infos: 0, hints: 2 },
    omitted: 0,
    failure: null,
    finishedAt: '2025-01-01T00:00:00.000Z',
  },
  budgets: [
    { platform: 'ios', checks: [{ metric: 'triangles', value: 60_000, limit: 100_000, isOver: false }] },
    { platform: 'android', checks: [{ metric: 'triangles', value: 60_000, limit: 50_000, isOver: true }] },
  ],
};

describe('build reports as the CLI prints them', () => {
  it('prints the summary, each finding with its level and place, the validator and the budgets', () => {
    expect(formatReport(glbReport)).toEqual([
      'glTF 2.0 · 2 meshes · 60,000 triangles · 31,000 vertices · 1 material · 0.25 × 0.5 × 0.25 m · 3.0 MB',
      'error   Index out of range (ACCESSOR_INDEX_OOB at /meshes/0/primitives/0)',
      'warning No default scene (NoScene)',
      'glTF validator 2.0.0: 1 error, 1 warning, 0 infos, 2 hints',
      'Budgets: within on iOS; over on Android (Triangles 60,000 > 50,000)',
    ]);
    expect(hasErrors(glbReport)).toBe(true);
  });

  it('knows a report whose validation still runs, and does not call it clean', () => {
    const pending = {
      ...glbReport,
      findings: [],
      budgets: null,
      validation: { ...glbReport.validation, state: 'pending', counts: null } as BuildReportResponse['validation'],
    };
    expect(isReportPending(pending)).toBe(true);
    expect(formatReport(pending)).not.toContain('✓ No problems found');
    expect(formatReport(pending)).toContain('glTF validator 2.0.0: still running');
    expect(isReportPending(glbReport)).toBe(false);
  });

  it('prints what an older server answers, and fields a newer one adds', () => {
    expect(
      formatReport({
        format: 'assetbundle',
        size: 2048,
        assetBundle: { signature: 'UnityFS', formatVersion: 8, unityVersion: null },
        findings: [],
        signedBy: 'build farm',
      }),
    ).toEqual(['UnityFS AssetBundle · 2.0 KB', '✓ No problems found', 'signedBy: build farm']);
  });
});
