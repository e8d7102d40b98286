import { Worker } from 'node:worker_threads';
import {
  type BuildBudgets,
  type BuildFinding,
  type BuildMeasures,
  type BuildReport,
  type BuildValidation,
  evaluateBudgets,
  textureMemoryOf,
  VALIDATION_MESSAGES_KEPT,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** One error (severity 0) or warning (1) of the reference validator, as the worker hands it back. */
export interface ValidatorMessage {
  code: string;
  message: string;
  severity: 0 | 1;
  pointer?: string;
}

/** What the worker keeps of the validator's report: the figures the build report needs, not its full output. */
export interface ValidatorOutcome {
  validatorVersion: string;
  counts: { errors: number; warnings: number; infos: number; hints: number };
  /** The validator stopped listing issues at its own maximum. */
  isTruncated: boolean;
  messages: ValidatorMessage[];
  /** Errors and warnings listed beyond those kept. */
  omitted: number;
  /** Null when the model could not be read far enough to be measured. */
  info: {
    drawCallCount: number | null;
    totalTriangleCount: number | null;
    totalVertexCount: number | null;
    images: Array<{ width: number; height: number }>;
  } | null;
}

/** The validator did not finish: the message says why, in words for the partner. */
export class ValidationFailure extends Error {}

/** The validator stopped because the server is stopping: the report stays pending and is validated at next start. */
export class ValidationStopped extends Error {}

const WORKER_URL = new URL('./gltf-validation-worker.mjs', import.meta.url);
/**
 * The validator's heap beside the file's bytes: its model of a 50 MB file takes a few hundred megabytes; a file
 * built to take more ends its own worker, not the server.
 */
const WORKER_HEAP_MB = 1024;
/** A message as long as this says all a partner can use. */
const MESSAGE_MAX_CHARS = 500;

/**
 * Validates the .glb at `filePath` in a worker thread of its own, which is ended when it takes longer than
 * `timeoutMs` or when `signal` aborts.
 */
export function runGltfValidator(
  filePath: string,
  { timeoutMs, signal, keep = VALIDATION_MESSAGES_KEPT }: { timeoutMs: number; signal?: AbortSignal; keep?: number },
): Promise<ValidatorOutcome> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ValidationStopped('stopped'));
      return;
    }
    const worker = new Worker(WORKER_URL, {
      workerData: { filePath, keep },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (error: Error | undefined, outcome?: ValidatorOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(outcome as ValidatorOutcome);
    };
    const onAbort = () => finish(new ValidationStopped('stopped'));
    const timer = setTimeout(
      () => finish(new ValidationFailure(`it took longer than ${Math.round(timeoutMs / 1000)} seconds`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort);
    worker.on('message', (message: { ok: true; result: ValidatorOutcome } | { ok: false; message: string }) => {
      if (message.ok) finish(undefined, message.result);
      else finish(new ValidationFailure(message.message));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      finish(
        new ValidationFailure(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'it ran out of memory' : 'it stopped unexpectedly',
        ),
      );
    });
    worker.on('exit', () => finish(new ValidationFailure('it stopped unexpectedly')));
  });
}

/** A report's validation while the validator has yet to run. */
export const PENDING_VALIDATION: BuildValidation = {
  state: 'pending',
  validatorVersion: null,
  counts: null,
  omitted: 0,
  failure: null,
  finishedAt: null,
};

const measuresOf = (size: number, info: ValidatorOutcome['info'] | null): BuildMeasures => {
  const images = info?.images ?? [];
  return {
    triangles: info?.totalTriangleCount ?? null,
    drawCalls: info?.drawCallCount ?? null,
    textureSide: info ? Math.max(0, ...images.map((image) => Math.max(image.width, image.height))) : null,
    textureMemory: info ? images.reduce((sum, image) => sum + textureMemoryOf(image.width, image.height), 0) : null,
    fileSize: size,
  };
};

/** A report as it is stored on upload: ours, marked as ours; a .glb's validation pending, an AssetBundle judged on its size. */
export function initialReport(report: BuildReport, budgets: BuildBudgets): BuildReport {
  const findings = report.findings.map((finding) => ({ ...finding, source: 'inspector' as const }));
  if (report.format === 'glb') return { ...report, findings, validation: PENDING_VALIDATION, budgets: null };
  return { ...report, findings, validation: null, budgets: evaluateBudgets(measuresOf(report.size, null), budgets) };
}

/**
 * The report once the validator is done (or failed: `failure` says why): its errors and warnings become findings
 * beside ours, and the budgets of the time judge what it measured. A failed run is a warning, never an error, so
 * that a validator that cannot cope with a file does not hold the build back for ever.
 */
export function mergeValidation(
  report: BuildReport,
  result: { outcome: ValidatorOutcome } | { failure: string },
  budgets: BuildBudgets,
  now: Date,
): BuildReport {
  const ours = report.findings.filter((finding) => finding.source !== 'validator');
  if ('failure' in result) {
    const warning: BuildFinding = {
      level: 'warning',
      code: 'ValidationFailed',
      source: 'validator',
      message: `The reference glTF validator could not check this model: ${result.failure}. It does not hold the build back; check the model with the glTF Validator before submitting.`,
    };
    return {
      ...report,
      findings: [...ours, warning],
      validation: { ...PENDING_VALIDATION, state: 'failed', failure: result.failure, finishedAt: now.toISOString() },
      budgets: evaluateBudgets(measuresOf(report.size, null), budgets),
    };
  }
  const { outcome } = result;
  const theirs: BuildFinding[] = outcome.messages.map((message) => ({
    level: message.severity === 0 ? 'error' : 'warning',
    code: message.code,
    message: message.message.slice(0, MESSAGE_MAX_CHARS),
    source: 'validator',
    ...(message.pointer ? { pointer: message.pointer.slice(0, MESSAGE_MAX_CHARS) } : {}),
  }));
  return {
    ...report,
    findings: [...ours, ...theirs],
    validation: {
      state: 'done',
      validatorVersion: outcome.validatorVersion,
      counts: outcome.counts,
      omitted: outcome.omitted,
      failure: null,
      finishedAt: now.toISOString(),
    },
    budgets: evaluateBudgets(measuresOf(report.size, outcome.info), budgets),
  };
}

/**
 * Runs `run` for one key at a time, in the order keys came; a key already waiting is not queued twice. Validating
 * one .glb holds its bytes and the validator's model of it, so a burst of uploads waits here instead of adding up.
 */
export function createValidationQueue(
  run: (key: string, signal: AbortSignal) => Promise<void>,
  log: FastifyBaseLogger,
) {
  const waiting: string[] = [];
  const queued = new Set<string>();
  let running: Promise<void> | undefined;
  let current: AbortController | undefined;
  let isClosed = false;

  async function drain() {
    for (let key = waiting.shift(); key !== undefined && !isClosed; key = waiting.shift()) {
      current = new AbortController();
      try {
        await run(key, current.signal);
      } catch (err) {
        log.error({ err, key }, 'build validation failed');
      } finally {
        queued.delete(key);
        current = undefined;
      }
    }
    running = undefined;
  }

  return {
    enqueue(key: string) {
      if (isClosed || queued.has(key)) return;
      queued.add(key);
      waiting.push(key);
      // started on a later turn of the event loop: the upload that queued it answers first
      running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
    },
    /** Resolves once nothing waits or runs. */
    async idle() {
      while (running) await running;
    },
    /** Stops: what waits is dropped and what runs is ended, to be validated again at the next start. */
    async close() {
      isClosed = true;
      waiting.length = 0;
      current?.abort();
      await running;
    },
  };
}
