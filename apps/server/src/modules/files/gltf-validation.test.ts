import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BuildReport,
  DEFAULT_BUILD_BUDGETS,
  submissionBlockerOf,
  VALIDATION_MESSAGES_KEPT,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { useTempDir } from '../../testing/temp-dirs.ts';
import { glbBuild, gltfWithMesh } from '../../testing/uploads.ts';
import { texturedGlb, triangleGlb } from '../../testing/validation-fixtures.ts';
import {
  createValidationQueue,
  initialReport,
  mergeValidation,
  runGltfValidator,
  ValidationFailure,
  ValidationStopped,
  type ValidatorOutcome,
} from './gltf-validation.ts';
import { inspectBuildFile } from './inspect.ts';

const temp = useTempDir('gltf');

const fileOf = async (name: string, bytes: Buffer) => {
  const file = path.join(temp.path, name);
  await writeFile(file, bytes);
  return file;
};
const validate = async (name: string, bytes: Buffer) =>
  runGltfValidator(await fileOf(name, bytes), { timeoutMs: 30_000 });

describe('the reference validator in a worker', () => {
  it('finds nothing wrong with a sound model, and counts its draw calls and triangles', async () => {
    const outcome = await validate('sound.glb', triangleGlb());
    expect(outcome).toMatchObject({
      validatorVersion: '2.0.0-dev.3.10',
      counts: { errors: 0, warnings: 0 },
      messages: [],
      omitted: 0,
      info: { drawCallCount: 1, totalTriangleCount: 1, totalVertexCount: 3, images: [] },
    });
  });

  it('reports an index past the last vertex as an error, with where it is', async () => {
    const outcome = await validate('bad-index.glb', triangleGlb({ badIndex: 7 }));
    expect(outcome.counts.errors).toBe(1);
    expect(outcome.messages).toEqual([
      {
        code: 'ACCESSOR_INDEX_OOB',
        message:
          'Indices accessor element at index 2 has value 7 that is greater than the maximum vertex index available (2).',
        severity: 0,
        pointer: '/meshes/0/primitives/0/indices',
      },
    ]);
  });

  it('measures the embedded textures', async () => {
    const outcome = await validate('textured.glb', await texturedGlb(3000, 100));
    expect(outcome.info?.images).toEqual([{ width: 3000, height: 100 }]);
    // the validator's infos are counted, not kept
    expect(outcome.messages).toEqual([]);
  });

  it('keeps the first messages, errors first, and counts the ones it cut', async () => {
    const outcome = await runGltfValidator(await fileOf('many.glb', triangleGlb({ badIndex: 7 })), {
      timeoutMs: 30_000,
      keep: 0,
    });
    expect(outcome.messages).toEqual([]);
    expect(outcome.omitted).toBe(1);
  });

  it('refuses a model that refers to files outside it', async () => {
    const gltf = { ...gltfWithMesh(), buffers: [{ uri: 'geometry.bin', byteLength: 64 }] };
    const outcome = await validate('external.glb', glbBuild(4096, gltf));
    expect(outcome.counts.errors).toBeGreaterThan(0);
  });

  it('fails, rather than waits, when the validator takes too long', async () => {
    const file = await fileOf('slow.glb', triangleGlb());
    await expect(runGltfValidator(file, { timeoutMs: 1 })).rejects.toThrow(
      new ValidationFailure('it took longer than 0 seconds'),
    );
  });

  it('fails when the stored file cannot be read, without naming where it is kept', async () => {
    const failure = runGltfValidator(path.join(temp.path, 'gone.glb'), { timeoutMs: 30_000 });
    await expect(failure).rejects.toThrow(new ValidationFailure('the stored file could not be read'));
  });

  it('stops when the server stops', async () => {
    const controller = new AbortController();
    const run = runGltfValidator(await fileOf('stopped.glb', triangleGlb()), {
      timeoutMs: 30_000,
      signal: controller.signal,
    });
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(ValidationStopped);
  });
});

const silentLog = { error: () => undefined } as unknown as FastifyBaseLogger;

describe('the validation queue', () => {
  it('runs one validation at a time, in the order they came, each key once', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const queue = createValidationQueue(async (key) => {
      running += 1;
      most = Math.max(most, running);
      order.push(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    }, silentLog);
    for (const key of ['a', 'b', 'a', 'c']) queue.enqueue(key);
    await queue.idle();
    expect(most).toBe(1);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('goes on after a validation throws', async () => {
    const done: string[] = [];
    const queue = createValidationQueue(async (key) => {
      if (key === 'broken') throw new Error('database gone');
      done.push(key);
    }, silentLog);
    queue.enqueue('broken');
    queue.enqueue('next');
    await queue.idle();
    expect(done).toEqual(['next']);
  });

  it('on close, ends the validation under way and drops the rest', async () => {
    const started: string[] = [];
    const queue = createValidationQueue(async (key, signal) => {
      started.push(key);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    }, silentLog);
    queue.enqueue('first');
    queue.enqueue('second');
    await vi.waitFor(() => expect(started).toEqual(['first']));
    await queue.close();
    queue.enqueue('after');
    await queue.idle();
    expect(started).toEqual(['first']);
  });
});

describe('merging the validator into the report', () => {
  const glbFile = async () => {
    const bytes = triangleGlb({ badIndex: 7 });
    return { file: await fileOf('merge.glb', bytes), size: bytes.length };
  };
  const pending = async (): Promise<BuildReport> => {
    const { file, size } = await glbFile();
    return initialReport(await inspectBuildFile(file, 'glb', size), DEFAULT_BUILD_BUDGETS);
  };
  const outcome = (overrides: Partial<ValidatorOutcome> = {}): ValidatorOutcome => ({
    validatorVersion: '2.0.0-dev.3.10',
    counts: { errors: 1, warnings: 1, infos: 2, hints: 0 },
    isTruncated: false,
    messages: [
      { code: 'ACCESSOR_INDEX_OOB', message: 'Index out of bounds.', severity: 0, pointer: '/meshes/0' },
      { code: 'MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT', message: 'Unequal counts.', severity: 1 },
    ],
    omitted: 0,
    info: {
      drawCallCount: 120,
      totalTriangleCount: 60_000,
      totalVertexCount: 90_000,
      images: [
        { width: 4096, height: 2048 },
        { width: 512, height: 512 },
      ],
    },
    ...overrides,
  });
  const now = new Date('2026-03-02T10:00:00Z');

  it('keeps a .glb pending until the validator has run, and blocks its submission meanwhile', async () => {
    const report = await pending();
    expect(report.validation?.state).toBe('pending');
    expect(report.budgets).toBeNull();
    expect(submissionBlockerOf([report])).toBe('BuildReportPending');
  });

  it('adds the validator errors and warnings beside our findings, with their pointer', async () => {
    const report = mergeValidation(await pending(), { outcome: outcome() }, DEFAULT_BUILD_BUDGETS, now);
    expect(report.findings).toEqual([
      {
        level: 'error',
        code: 'ACCESSOR_INDEX_OOB',
        message: 'Index out of bounds.',
        source: 'validator',
        pointer: '/meshes/0',
      },
      {
        level: 'warning',
        code: 'MESH_PRIMITIVE_UNEQUAL_ACCESSOR_COUNT',
        message: 'Unequal counts.',
        source: 'validator',
      },
    ]);
    expect(report.validation).toEqual({
      state: 'done',
      validatorVersion: '2.0.0-dev.3.10',
      counts: { errors: 1, warnings: 1, infos: 2, hints: 0 },
      omitted: 0,
      failure: null,
      finishedAt: '2026-03-02T10:00:00.000Z',
    });
    expect(submissionBlockerOf([report])).toBe('BuildReportHasErrors');
  });

  it('judges each platform on what the validator measured', async () => {
    const report = mergeValidation(await pending(), { outcome: outcome() }, DEFAULT_BUILD_BUDGETS, now);
    const ios = report.budgets?.find((budget) => budget.platform === 'ios');
    const textureMemory = Math.round((4096 * 2048 * 16) / 3) + Math.round((512 * 512 * 16) / 3);
    expect(ios?.checks).toEqual([
      { metric: 'triangles', value: 60_000, limit: 100_000, isOver: false },
      { metric: 'drawCalls', value: 120, limit: 100, isOver: true },
      { metric: 'textureSide', value: 4096, limit: 2048, isOver: true },
      { metric: 'textureMemory', value: textureMemory, limit: 64 * 1024 * 1024, isOver: false },
      { metric: 'fileSize', value: report.size, limit: 50 * 1024 * 1024, isOver: false },
    ]);
    const macos = report.budgets?.find((budget) => budget.platform === 'macos');
    expect(macos?.checks.every((check) => !check.isOver)).toBe(true);
  });

  it('reports a validator that failed as a warning that does not block', async () => {
    const report = mergeValidation(
      await pending(),
      { failure: 'it took longer than 60 seconds' },
      DEFAULT_BUILD_BUDGETS,
      now,
    );
    expect(report.validation).toMatchObject({ state: 'failed', failure: 'it took longer than 60 seconds' });
    expect(report.findings).toEqual([
      expect.objectContaining({ level: 'warning', code: 'ValidationFailed', source: 'validator' }),
    ]);
    expect(report.findings[0]?.message).toContain('it took longer than 60 seconds');
    // nothing measured: only the file size is judged
    expect(report.budgets?.[0]?.checks.map((check) => check.metric)).toEqual(['fileSize']);
    expect(submissionBlockerOf([report])).toBeUndefined();
  });

  it('replaces an earlier run of the validator rather than adding to it', async () => {
    const once = mergeValidation(await pending(), { outcome: outcome() }, DEFAULT_BUILD_BUDGETS, now);
    const twice = mergeValidation(once, { outcome: outcome({ messages: [] }) }, DEFAULT_BUILD_BUDGETS, now);
    expect(twice.findings).toEqual([]);
  });

  it('says how many messages the report left out', async () => {
    const report = mergeValidation(await pending(), { outcome: outcome({ omitted: 40 }) }, DEFAULT_BUILD_BUDGETS, now);
    expect(report.validation?.omitted).toBe(40);
    expect(VALIDATION_MESSAGES_KEPT).toBe(100);
  });
});

describe('BUILD_BUDGETS', () => {
  it('uses the default budgets when unset', () => {
    expect(loadConfig({}).buildBudgets).toEqual(DEFAULT_BUILD_BUDGETS);
  });

  it('overrides only the limits it names', () => {
    const config = loadConfig({ BUILD_BUDGETS: '{"android":{"triangles":80000},"visionos":{"fileSize":104857600}}' });
    expect(config.buildBudgets.android).toEqual({ ...DEFAULT_BUILD_BUDGETS.android, triangles: 80_000 });
    expect(config.buildBudgets.visionos.fileSize).toBe(104_857_600);
    expect(config.buildBudgets.ios).toEqual(DEFAULT_BUILD_BUDGETS.ios);
  });

  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
    throw new Error('the configuration was accepted');
  };

  it('refuses to start on JSON that does not parse', () => {
    expect(problemsOf({ BUILD_BUDGETS: '{android: 1}' })).toEqual([
      'BUILD_BUDGETS: must be JSON, e.g. {"android":{"triangles":80000}}',
    ]);
  });

  it('names each platform, metric and limit it cannot use, beside the other bad keys', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      BUILD_BUDGETS: '{"windows":{"triangles":1},"ios":{"triangles":-5,"polygons":3}}',
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems.slice(1).join('\n')).toMatch(/BUILD_BUDGETS: .*windows/);
    expect(problems.slice(1).join('\n')).toMatch(/BUILD_BUDGETS\.ios\.triangles: /);
    expect(problems.slice(1).join('\n')).toMatch(/BUILD_BUDGETS\.ios: .*polygons/);
  });

  it('reads the validation timeout in seconds', () => {
    expect(loadConfig({}).buildValidationTimeoutMs).toBe(60_000);
    expect(loadConfig({ BUILD_VALIDATION_TIMEOUT_SECONDS: '120' }).buildValidationTimeoutMs).toBe(120_000);
    expect(problemsOf({ BUILD_VALIDATION_TIMEOUT_SECONDS: '0' })[0]).toMatch(/^BUILD_VALIDATION_TIMEOUT_SECONDS: /);
  });
});
