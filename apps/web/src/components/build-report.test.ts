import { type BuildReport, type BuildReportResponse, DEFAULT_BUILD_BUDGETS, evaluateBudgets } from '@portal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../lib/format.ts';
import {
  BuildReportView,
  buildReportQueryKey,
  formatLimit,
  formatMeasure,
  groupFindings,
  summaryOf,
} from './build-report.tsx';

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

describe('build report figures', () => {
  it('shows each budget metric in its unit', () => {
    expect(formatMeasure('triangles', 120_000)).toBe('120,000');
    expect(formatMeasure('drawCalls', 3)).toBe('3');
    expect(formatMeasure('textureSide', 4096)).toBe('4,096 px');
    expect(formatMeasure('textureSide', 0)).toBe('No textures');
    expect(formatMeasure('textureMemory', 64 * 1024 * 1024)).toBe('64.0 MB');
  });

  it('shortens limits to fit a table cell on a phone', () => {
    expect(formatLimit('triangles', 100_000)).toBe('100K');
    expect(formatLimit('triangles', 1_500_000)).toBe('1.5M');
    expect(formatLimit('drawCalls', 300)).toBe('300');
    expect(formatLimit('textureSide', 4096)).toBe('4096');
    expect(formatLimit('textureMemory', 64 * 1024 * 1024)).toBe('64 MB');
    expect(formatLimit('fileSize', 1536)).toBe('1.5 KB');
  });

  it('groups findings by level, errors first, whoever found them', () => {
    const inspector = { level: 'warning' as const, code: 'ManyTriangles', message: 'Heavy.' };
    const validator = {
      level: 'error' as const,
      code: 'ACCESSOR_INDEX_OOB',
      message: 'Out of bounds.',
      source: 'validator' as const,
      pointer: '/meshes/0',
    };
    expect(groupFindings([inspector, validator])).toEqual({ errors: [validator], warnings: [inspector] });
  });
});

/** The report view's HTML for a report the host answered. */
function renderReport(report: BuildReport): string {
  const client = new QueryClient();
  const url = '/files/report/origin.glb';
  client.setQueryData<BuildReportResponse>(buildReportQueryKey(url), { ...report, fileName: 'model.glb' });
  const html = renderToStaticMarkup(
    createElement(QueryClientProvider, { client }, createElement(BuildReportView, { url, label: 'iOS build' })),
  );
  client.clear();
  return html;
}
const text = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element.textContent ?? '';
};

describe('build report view', () => {
  it('still shows a report written before the validator ran', () => {
    const html = text(renderReport(glbReport()));
    expect(html).toContain('glTF 2.0 · 1 mesh');
    expect(html).toContain('No problems found');
    expect(html).not.toContain('Platform budgets');
  });

  it('says a model is being validated, and not yet that it has no problems', () => {
    const html = text(
      renderReport({
        ...glbReport(),
        validation: {
          state: 'pending',
          validatorVersion: null,
          counts: null,
          omitted: 0,
          failure: null,
          finishedAt: null,
        },
        budgets: null,
      }),
    );
    expect(html).toContain('Validating with the glTF reference validator…');
    expect(html).not.toContain('No problems found');
  });

  it("lists the validator's messages by level with code and pointer, and the budgets as Pass or Over", () => {
    const report: BuildReport = {
      ...glbReport(),
      findings: [
        { level: 'warning', code: 'ManyTriangles', message: 'Heavy model.', source: 'inspector' },
        {
          level: 'error',
          code: 'ACCESSOR_INDEX_OOB',
          message: 'Index out of bounds.',
          source: 'validator',
          pointer: '/meshes/0/primitives/0/indices',
        },
      ],
      validation: {
        state: 'done',
        validatorVersion: '2.0.0-dev.3.10',
        counts: { errors: 1, warnings: 0, infos: 3, hints: 0 },
        omitted: 12,
        failure: null,
        finishedAt: '2026-03-02T10:00:00.000Z',
      },
      budgets: evaluateBudgets(
        { triangles: 150_000, drawCalls: 2, textureSide: 0, textureMemory: 0, fileSize: 3_000_000 },
        DEFAULT_BUILD_BUDGETS,
      ),
    };
    const html = renderReport(report);
    const content = text(html);
    expect(content).toContain(
      'Checked by the glTF Validator 2.0.0-dev.3.10: 1 error, 0 warnings (12 more messages not shown).',
    );
    expect(content).toContain(
      'Errors (1)ProblemIndex out of bounds. ACCESSOR_INDEX_OOB at /meshes/0/primitives/0/indices',
    );
    expect(content).toContain('Warnings (1)CheckHeavy model.');
    expect(content.indexOf('Errors (1)')).toBeLessThan(content.indexOf('Warnings (1)'));
    // triangles: over on iOS (100k) and Android (50k), within on visionOS (200k) and macOS (300k)
    expect(content).toContain('Triangles: 150,000▲ Over, limit ≤ 100K▲ Over, limit ≤ 50K✓ Pass, limit ≤ 200K');
    expect(html).toContain('<th scope="col">visionOS</th>');
  });

  it('judges an AssetBundle on its size alone, and says so', () => {
    const content = text(
      renderReport({
        format: 'assetbundle',
        size: 900,
        glb: null,
        assetBundle: { signature: 'UnityFS', formatVersion: 8, unityVersion: '2022.3.10f1' },
        findings: [],
        validation: null,
        budgets: evaluateBudgets(
          { triangles: null, drawCalls: null, textureSide: null, textureMemory: null, fileSize: 900 },
          DEFAULT_BUILD_BUDGETS,
        ),
      }),
    );
    expect(content).toContain('File size: 900 B✓ Pass, limit ≤ 50 MB');
    expect(content).not.toContain('Triangles');
    expect(content).toContain('An AssetBundle is judged on its file size only');
  });
});
