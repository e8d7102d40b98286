import { describe, expect, it } from 'vitest';
import {
  type BuildMeasures,
  buildBudgetOverridesSchema,
  DEFAULT_BUILD_BUDGETS,
  evaluateBudgets,
  submissionBlockerOf,
  textureMemoryOf,
  withBudgetOverrides,
} from './build-budgets.ts';
import type { BuildFinding, BuildReport } from './files.ts';

const MB = 1024 * 1024;
const measures = (overrides: Partial<BuildMeasures> = {}): BuildMeasures => ({
  triangles: 80_000,
  drawCalls: 40,
  textureSide: 2048,
  textureMemory: 40 * MB,
  fileSize: 12 * MB,
  ...overrides,
});

describe('evaluateBudgets', () => {
  it('passes a figure at its limit and marks one above it over, per platform', () => {
    const results = evaluateBudgets(measures({ triangles: 100_000, drawCalls: 101 }), DEFAULT_BUILD_BUDGETS);
    expect(results.map((result) => result.platform)).toEqual(['ios', 'android', 'visionos', 'macos']);
    const ios = results[0]?.checks;
    expect(ios).toEqual([
      { metric: 'triangles', value: 100_000, limit: 100_000, isOver: false },
      { metric: 'drawCalls', value: 101, limit: 100, isOver: true },
      { metric: 'textureSide', value: 2048, limit: 2048, isOver: false },
      { metric: 'textureMemory', value: 40 * MB, limit: 64 * MB, isOver: false },
      { metric: 'fileSize', value: 12 * MB, limit: 50 * MB, isOver: false },
    ]);
    const android = results[1]?.checks.filter((check) => check.isOver).map((check) => check.metric);
    expect(android).toEqual(['triangles', 'drawCalls', 'textureMemory']);
    expect(results[3]?.checks.some((check) => check.isOver)).toBe(false);
  });

  it('leaves out what could not be measured rather than passing it', () => {
    const results = evaluateBudgets(
      { triangles: null, drawCalls: null, textureSide: null, textureMemory: null, fileSize: 60 * MB },
      DEFAULT_BUILD_BUDGETS,
    );
    for (const result of results) {
      expect(result.checks).toEqual([{ metric: 'fileSize', value: 60 * MB, limit: 50 * MB, isOver: true }]);
    }
  });

  it('estimates a texture as RGBA8 with its mipmaps', () => {
    expect(textureMemoryOf(1024, 1024)).toBe(Math.round((1024 * 1024 * 4 * 4) / 3));
    expect(textureMemoryOf(0, 512)).toBe(0);
  });
});

describe('budget overrides', () => {
  it('replaces only the limits given', () => {
    const budgets = withBudgetOverrides({ android: { triangles: 80_000 } });
    expect(budgets.android).toEqual({ ...DEFAULT_BUILD_BUDGETS.android, triangles: 80_000 });
    expect(budgets.ios).toEqual(DEFAULT_BUILD_BUDGETS.ios);
    expect(evaluateBudgets(measures(), budgets)[1]?.checks[0]?.isOver).toBe(false);
  });

  it('refuses unknown platforms and metrics, and limits that are not positive whole numbers', () => {
    for (const bad of [
      { windows: {} },
      { ios: { polygons: 1 } },
      { ios: { triangles: 0 } },
      { ios: { drawCalls: 1.5 } },
    ]) {
      expect(buildBudgetOverridesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

const report = (findings: BuildFinding[], state?: 'pending' | 'done' | 'failed'): BuildReport => ({
  format: 'glb',
  size: 1024,
  glb: null,
  assetBundle: null,
  findings,
  ...(state
    ? {
        validation: {
          state,
          validatorVersion: null,
          counts: null,
          omitted: 0,
          failure: state === 'failed' ? 'it stopped unexpectedly' : null,
          finishedAt: null,
        },
      }
    : {}),
});
const error: BuildFinding = {
  level: 'error',
  code: 'ACCESSOR_INDEX_OOB',
  message: 'Out of bounds.',
  source: 'validator',
};
const warning: BuildFinding = { level: 'warning', code: 'ManyTriangles', message: 'Heavy.', source: 'inspector' };

describe('submissionBlockerOf', () => {
  it('blocks on a report with errors, whoever found them', () => {
    expect(submissionBlockerOf([report([warning], 'done'), report([error], 'done')])).toBe('BuildReportHasErrors');
    expect(submissionBlockerOf([report([{ ...error, source: undefined }])])).toBe('BuildReportHasErrors');
  });

  it('blocks while a validation is pending, errors taking precedence', () => {
    expect(submissionBlockerOf([report([], 'pending'), report([], 'done')])).toBe('BuildReportPending');
    expect(submissionBlockerOf([report([], 'pending'), report([error], 'done')])).toBe('BuildReportHasErrors');
  });

  it('never blocks on warnings, a failed validation, old reports or builds without one', () => {
    expect(submissionBlockerOf([report([warning], 'done'), report([warning], 'failed')])).toBeUndefined();
    expect(submissionBlockerOf([report([warning]), null, undefined])).toBeUndefined();
    expect(submissionBlockerOf([])).toBeUndefined();
  });
});
