import { z } from 'zod';
import type { BuildReport } from './files.ts';

/**
 * What a build may cost each platform it plays on (issue 16): the limits, the figures measured in a build, and the
 * pass/over verdict the build report carries. Budgets inform; only a report's errors (or a validation still running)
 * hold back a submission.
 */

export const BUILD_PLATFORMS = ['ios', 'android', 'visionos', 'macos'] as const;
export type BuildPlatform = (typeof BUILD_PLATFORMS)[number];
export const budgetPlatformLabels: Record<BuildPlatform, string> = {
  ios: 'iOS',
  android: 'Android',
  visionos: 'visionOS',
  macos: 'macOS',
};

/** Triangles and draw calls are counts, the largest texture side is in pixels, memory and size in bytes. */
export const BUDGET_METRICS = ['triangles', 'drawCalls', 'textureSide', 'textureMemory', 'fileSize'] as const;
export type BudgetMetric = (typeof BUDGET_METRICS)[number];
export const budgetMetricLabels: Record<BudgetMetric, string> = {
  triangles: 'Triangles',
  drawCalls: 'Draw calls',
  textureSide: 'Largest texture',
  textureMemory: 'Texture memory',
  fileSize: 'File size',
};

const limit = z.number().int().positive();
export const platformBudgetSchema = z.strictObject({
  triangles: limit,
  drawCalls: limit,
  textureSide: limit,
  textureMemory: limit,
  fileSize: limit,
});
export type PlatformBudget = z.infer<typeof platformBudgetSchema>;
export type BuildBudgets = Record<BuildPlatform, PlatformBudget>;

const MB = 1024 * 1024;
/** What a build should stay under on each platform, before any deployment overrides it. */
export const DEFAULT_BUILD_BUDGETS: BuildBudgets = {
  ios: { triangles: 100_000, drawCalls: 100, textureSide: 2048, textureMemory: 64 * MB, fileSize: 50 * MB },
  android: { triangles: 50_000, drawCalls: 50, textureSide: 2048, textureMemory: 32 * MB, fileSize: 50 * MB },
  visionos: { triangles: 200_000, drawCalls: 200, textureSide: 4096, textureMemory: 128 * MB, fileSize: 50 * MB },
  macos: { triangles: 300_000, drawCalls: 300, textureSide: 4096, textureMemory: 256 * MB, fileSize: 50 * MB },
};

/** Overrides of some limits of some platforms, e.g. `{"android":{"triangles":80000}}`. Unknown names are refused. */
export const buildBudgetOverridesSchema = z.strictObject({
  ios: platformBudgetSchema.partial().optional(),
  android: platformBudgetSchema.partial().optional(),
  visionos: platformBudgetSchema.partial().optional(),
  macos: platformBudgetSchema.partial().optional(),
});
export type BuildBudgetOverrides = z.infer<typeof buildBudgetOverridesSchema>;

export function withBudgetOverrides(
  overrides: BuildBudgetOverrides,
  defaults: BuildBudgets = DEFAULT_BUILD_BUDGETS,
): BuildBudgets {
  return Object.fromEntries(
    BUILD_PLATFORMS.map((platform) => [platform, { ...defaults[platform], ...overrides[platform] }]),
  ) as BuildBudgets;
}

/** A build's figures; null where they cannot be judged (an AssetBundle's insides, a model the validator could not read). */
export type BuildMeasures = Record<BudgetMetric, number | null>;

/** Bytes a texture takes on the GPU, uncompressed RGBA8 with its mipmap chain (a third more). */
export const textureMemoryOf = (width: number, height: number) => Math.round((width * height * 4 * 4) / 3);

export const budgetCheckSchema = z.object({
  metric: z.enum(BUDGET_METRICS),
  value: z.number(),
  limit: z.number(),
  isOver: z.boolean(),
});
export type BudgetCheck = z.infer<typeof budgetCheckSchema>;

/** One platform's verdicts, for the metrics that could be measured. */
export const platformBudgetResultSchema = z.object({
  platform: z.enum(BUILD_PLATFORMS),
  checks: z.array(budgetCheckSchema),
});
export type PlatformBudgetResult = z.infer<typeof platformBudgetResultSchema>;

/** Each platform's limits against what was measured; a metric measured as null is left out, not passed. */
export function evaluateBudgets(measures: BuildMeasures, budgets: BuildBudgets): PlatformBudgetResult[] {
  return BUILD_PLATFORMS.map((platform) => ({
    platform,
    checks: BUDGET_METRICS.flatMap((metric) => {
      const value = measures[metric];
      if (value === null) return [];
      const max = budgets[platform][metric];
      return [{ metric, value, limit: max, isOver: value > max }];
    }),
  }));
}

export const hasReportErrors = (report: BuildReport) => report.findings.some((finding) => finding.level === 'error');
export const isValidationPending = (report: BuildReport) => report.validation?.state === 'pending';

/**
 * Why these builds' reports hold back a submission: a report with errors, else one whose validation has not
 * finished. Warnings, budget overs and failed validations never do. Builds without a report (stored before reports
 * existed) are not judged.
 */
export function submissionBlockerOf(
  reports: ReadonlyArray<BuildReport | null | undefined>,
): 'BuildReportHasErrors' | 'BuildReportPending' | undefined {
  const present = reports.filter((report): report is BuildReport => Boolean(report));
  if (present.some(hasReportErrors)) return 'BuildReportHasErrors';
  if (present.some(isValidationPending)) return 'BuildReportPending';
  return undefined;
}
