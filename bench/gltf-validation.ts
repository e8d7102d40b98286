/**
 * The reference glTF validation of uploaded builds: every stored .glb is checked by Khronos' gltf-validator off the
 * request, one file at a time, in a worker thread of the server process. The upload must answer as fast as one that
 * is not validated, and the server's memory must stay bounded by one file's validation, whatever the number of files.
 *
 *   npx tsx bench/gltf-validation.ts      (also part of `npm run bench`)
 *   GLTF_BENCH_SIZES_MB=1 GLTF_BENCH_RUNS=1 GLTF_BENCH_BURST=2 npx tsx bench/gltf-validation.ts      (a smoke run)
 *
 * Bodies, built once and held by this script: for each size (GLTF_BENCH_SIZES_MB, default 1,10,40; MB = 2^20 bytes)
 * a valid .glb of exactly that many bytes, one mesh whose triangle list has a float VEC3 POSITION accessor over the
 * whole BIN chunk (pseudo-random coordinates in [-1, 1), with their exact min and max), so that the validator reads
 * every byte and finds nothing wrong; and an AssetBundle of the same size (a UnityFS header and random bytes, like
 * `unityBundle` of @portal/test-assets), which is inspected but not validated. Every upload is a `multipart/form-data`
 * POST with one part `file` to `POST /FileUpload/Single/Query`, over node:http with chunked transfer encoding,
 * writing 256 KB chunks only as fast as the socket drains.
 *
 * One portal server on a fresh DATA_DIR (embedded PGlite; production mode, LOG_LEVEL=warn, PAYMENTS=sandbox, demo
 * seed, the default validation timeout); the demo partner signs in (demo@lumora.example / Demo1234), one AssetBundle
 * and one .glb of the smallest size are uploaded as a warm-up (the first runs cold code, the first validation loads
 * the validator), not counted. Then three phases, each after 3 s of rest and a baseline (the highest VmRSS over 2 s
 * idle), with the machine's load sampled in the second before:
 *
 * 1. AssetBundles: every size, GLTF_BENCH_RUNS times (default 3), one after the other: the upload answer latency
 *    (request start to the end of the answer).
 * 2. .glb files, likewise; after each answer the build report (`GET /FileUpload/Report?url=`) is polled every 50 ms
 *    until its `validation.state` is no longer 'pending': the "report done" latency runs from the upload's start to
 *    that answer. The next upload starts after that. A validation that ends 'done' with errors stops the benchmark
 *    (the generated file would be wrong); one that ends 'failed' (the validator's timeout, say) is shown as such.
 * 3. A burst: GLTF_BENCH_BURST (default 5) .glb files of the middle size uploaded back to back (each upload starts
 *    when the previous one has answered, without waiting for any validation), then their reports polled in upload
 *    order until none is pending: the total time from the first upload's start to the last report done.
 *
 * Memory: during each file (upload and, for a .glb, its validation) and during the whole burst, the server's VmRSS
 * (/proc/<pid>/status) is sampled every 20 ms, with VmHWM reset before and read after (which catches a peak between
 * two samples). A phase's peak growth is the largest of its files' peak minus the phase's baseline (or the largest
 * rise of VmRSS within a file, when a collection freed startup memory meanwhile), so memory a file keeps shows in the
 * later ones. Validation runs one file at a time, so the growth should stay about one file's size plus the
 * validator's model of it, not grow with the number of files.
 *
 * Verdicts: per size, the median upload answer latency of a .glb over that of an AssetBundle <= 1.3 (the upload
 * does not wait for the validator); the burst's peak growth <= 2 x the largest peak growth of a single .glb of the
 * same size in phase 2 + 64 MB (the burst is validated one file at a time).
 *
 * The two sequences run one after the other rather than interleaved, so that each phase's memory is its own; the
 * machine's load before each tells whether other work moved the latencies between them. A 1 MB upload answers in
 * a few milliseconds, so its ratio moves with that load more than the larger sizes' do.
 */
import type { BuildReportResponse, BuildValidation } from '@portal/contracts';
import { encodeGlb, unityBundle } from '@portal/test-assets';
import { uploadMultipart } from './lib/multipart-upload.ts';
import {
  BASELINE_SECONDS,
  describeMachineLoad,
  type MachineLoad,
  RSS_SAMPLE_MS,
  type RssWatch,
  readBaselineRssKb,
  readRssKb,
  SETTLE_SECONDS,
  sampleMachineLoad,
  watchRss,
} from './lib/proc-stats.ts';
import { runScript } from './lib/script.ts';
import { DEMO_ENV, logInAsDemo, type PortalServer, startPortalServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { secondsSince, sleep } from './lib/time.ts';
import { MB, originOf, toChunks, UPLOAD_ROUTE } from './lib/uploads.ts';

export const DEFAULT_SIZES_MB = [1, 10, 40];
export const RUNS_PER_SIZE = 3;
export const BURST_FILES = 5;
export const POLL_INTERVAL_MS = 50;
/** A report still pending after this long fails the figure: the server's own validation timeout is far shorter. */
export const REPORT_TIMEOUT_SECONDS = 600;
export const ANSWER_RATIO_TARGET = 1.3;
export const BURST_SLACK_MB = 64;
/** The build limit (BUILD_MAX_BYTES): a larger upload is refused. */
export const MAX_SIZE_MB = 50;

const REPORT_ROUTE = '/FileUpload/Report';

export interface GltfBenchOptions {
  sizesMb: number[];
  runs: number;
  burstFiles: number;
}

type BuildKind = 'glb' | 'assetbundle';

/** A body to upload, built once: what every upload of its kind and size sends. */
interface UploadFile {
  kind: BuildKind;
  sizeMb: number;
  fileName: string;
  contentType: string;
  chunks: Buffer[];
}

export interface TimedBuildUpload {
  kind: BuildKind;
  sizeMb: number;
  run: number;
  /** Upload start to the end of its answer. */
  answerSeconds: number;
  /** Upload start to the first report whose validation is no longer pending; null for an AssetBundle. */
  doneSeconds: number | null;
  validation: BuildValidation | null;
  /**
   * Peak VmRSS growth above the phase's baseline while this file uploaded and, for a .glb, was validated; null in
   * the burst, which is watched as a whole.
   */
  peakGrowthMb: number | null;
}

export interface MemoryPhase {
  machineLoad: MachineLoad;
  baselineRssMb: number;
  peakRssMb: number;
  /** Lowest VmRSS sampled: far below the baseline means a collection freed memory meanwhile. */
  lowestRssMb: number;
  growthMb: number;
  /** VmRSS one second after the phase. */
  afterRssMb: number;
  samples: number;
}

export interface SequencePhase extends MemoryPhase {
  uploads: TimedBuildUpload[];
}

export interface BurstPhase extends MemoryPhase {
  sizeMb: number;
  uploads: TimedBuildUpload[];
  /** The first upload's start to the last report done. */
  totalSeconds: number;
  /** The largest peak growth of a single .glb of this size in the .glb sequence. */
  singleFilePeakGrowthMb: number;
  targetMb: number;
  meetsTarget: boolean;
}

export interface SizeFigures {
  sizeMb: number;
  glbAnswer: Spread;
  bareAnswer: Spread;
  /** Median .glb answer latency over median AssetBundle answer latency. */
  answerRatio: number;
  done: Spread | null;
  meetsTarget: boolean;
}

export interface Spread {
  median: number;
  max: number;
}

export interface GltfValidationResult {
  options: GltfBenchOptions;
  startupSeconds: number;
  bare: SequencePhase;
  glb: SequencePhase;
  burst: BurstPhase;
  sizes: SizeFigures[];
}

/** The sizes, runs and burst of a run: defaults, or what GLTF_BENCH_SIZES_MB, GLTF_BENCH_RUNS, GLTF_BENCH_BURST say. */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): GltfBenchOptions {
  const sizesMb = env.GLTF_BENCH_SIZES_MB
    ? env.GLTF_BENCH_SIZES_MB.split(',').map((text) => Number(text.trim()))
    : DEFAULT_SIZES_MB;
  if (sizesMb.length === 0 || sizesMb.some((size) => !(size > 0 && size <= MAX_SIZE_MB))) {
    throw new Error(`GLTF_BENCH_SIZES_MB must list sizes in MB above 0 and up to ${MAX_SIZE_MB}, e.g. "1,2"`);
  }
  const whole = (name: string, fallback: number) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
    return value;
  };
  return {
    sizesMb: [...new Set(sizesMb)].sort((a, b) => a - b),
    runs: whole('GLTF_BENCH_RUNS', RUNS_PER_SIZE),
    burstFiles: whole('GLTF_BENCH_BURST', BURST_FILES),
  };
}

/** The size the burst uploads: the middle one of the sorted sizes (the upper middle of an even count). */
export const burstSizeOf = (sizesMb: number[]) => sizesMb[Math.floor(sizesMb.length / 2)] ?? sizesMb[0] ?? 1;

const bytesOf = (sizeMb: number) => Math.round((sizeMb * MB) / 4) * 4;

export async function measureGltfValidation(options = optionsFromEnv()): Promise<GltfValidationResult> {
  const files = new Map<string, UploadFile>();
  for (const sizeMb of options.sizesMb) {
    files.set(`glb:${sizeMb}`, uploadFile('glb', sizeMb, validGlb(bytesOf(sizeMb))));
    files.set(`assetbundle:${sizeMb}`, uploadFile('assetbundle', sizeMb, unityBundle(bytesOf(sizeMb))));
  }
  const fileOf = (kind: BuildKind, sizeMb: number) => files.get(`${kind}:${sizeMb}`) as UploadFile;
  const smallest = options.sizesMb[0] ?? 1;

  const server = await startPortalServer({ env: DEMO_ENV });
  try {
    const token = await logInAsDemo(server.url);
    const client = { server, token };
    await uploadBuild(client, fileOf('assetbundle', smallest), 0);
    await uploadBuild(client, fileOf('glb', smallest), 0);

    const sequence = (kind: BuildKind) =>
      measurePhase(server, async (baselineKb) => {
        const uploads: TimedBuildUpload[] = [];
        const watches: RssWatch[] = [];
        for (const sizeMb of options.sizesMb) {
          for (let run = 1; run <= options.runs; run += 1) {
            const { result, memory } = await watchRss(server.pid, baselineKb, RSS_SAMPLE_MS, () =>
              uploadBuild(client, fileOf(kind, sizeMb), run),
            );
            uploads.push({ ...result, peakGrowthMb: memory.growthKb / 1024 });
            watches.push(memory);
          }
        }
        return { value: { uploads }, memory: combineWatches(baselineKb, watches) };
      });
    const bare = await sequence('assetbundle');
    const glb = await sequence('glb');
    const burst = await measureBurst(client, fileOf('glb', burstSizeOf(options.sizesMb)), options.burstFiles, glb);

    const sizes = options.sizesMb.map((sizeMb) => sizeFigures(sizeMb, glb.uploads, bare.uploads));
    return { options, startupSeconds: server.startupSeconds, bare, glb, burst, sizes };
  } finally {
    await server.stop();
  }
}

/** Rests, takes the baseline, runs `work` (which watches its own memory against it), then reads VmRSS 1 s after. */
async function measurePhase<T extends object>(
  server: PortalServer,
  work: (baselineKb: number) => Promise<{ value: T; memory: RssWatch }>,
): Promise<T & MemoryPhase> {
  await sleep(SETTLE_SECONDS * 1000);
  const machineLoad = await sampleMachineLoad();
  const baselineKb = await readBaselineRssKb(server.pid, BASELINE_SECONDS, RSS_SAMPLE_MS);
  const { value, memory } = await work(baselineKb);
  await sleep(1000);
  return {
    ...value,
    machineLoad,
    baselineRssMb: baselineKb / 1024,
    peakRssMb: memory.peakKb / 1024,
    lowestRssMb: memory.lowestKb / 1024,
    growthMb: memory.growthKb / 1024,
    afterRssMb: readRssKb(server.pid) / 1024,
    samples: memory.samples,
  };
}

/** One watch over a sequence of watched files, all against the same baseline. */
function combineWatches(baselineKb: number, watches: RssWatch[]): RssWatch {
  const most = (pick: (watch: RssWatch) => number) => Math.max(...watches.map(pick));
  return {
    baselineKb,
    sampledPeakKb: most((watch) => watch.sampledPeakKb),
    hwmPeakKb: watches.every((watch) => watch.hwmPeakKb !== null) ? most((watch) => watch.hwmPeakKb ?? 0) : null,
    peakKb: most((watch) => watch.peakKb),
    lowestKb: Math.min(...watches.map((watch) => watch.lowestKb)),
    growthKb: most((watch) => watch.growthKb),
    samples: watches.reduce((sum, watch) => sum + watch.samples, 0),
  };
}

async function measureBurst(client: Client, file: UploadFile, count: number, glb: SequencePhase): Promise<BurstPhase> {
  const phase = await measurePhase(client.server, async (baselineKb) => {
    const { result, memory } = await watchRss(client.server.pid, baselineKb, RSS_SAMPLE_MS, async () => {
      const started = process.hrtime.bigint();
      const answered: Array<{ origin: string; answerSeconds: number }> = [];
      for (let run = 1; run <= count; run += 1) answered.push(await postBuild(client, file));
      const uploads: TimedBuildUpload[] = [];
      for (const [index, { origin, answerSeconds }] of answered.entries()) {
        const { validation, doneSeconds } = await waitForValidation(client, origin, file, started);
        uploads.push({
          kind: 'glb',
          sizeMb: file.sizeMb,
          run: index + 1,
          answerSeconds,
          doneSeconds,
          validation,
          peakGrowthMb: null,
        });
      }
      return { uploads, totalSeconds: secondsSince(started) };
    });
    return { value: result, memory };
  });
  const singles = glb.uploads
    .filter((upload) => upload.sizeMb === file.sizeMb)
    .map((upload) => upload.peakGrowthMb ?? 0);
  const singleFilePeakGrowthMb = Math.max(0, ...singles);
  const targetMb = 2 * singleFilePeakGrowthMb + BURST_SLACK_MB;
  return {
    ...phase,
    sizeMb: file.sizeMb,
    singleFilePeakGrowthMb,
    targetMb,
    meetsTarget: phase.growthMb <= targetMb,
  };
}

function sizeFigures(sizeMb: number, glb: TimedBuildUpload[], bare: TimedBuildUpload[]): SizeFigures {
  const ofSize = (uploads: TimedBuildUpload[]) => uploads.filter((upload) => upload.sizeMb === sizeMb);
  const glbAnswer = spread(ofSize(glb).map((upload) => upload.answerSeconds));
  const bareAnswer = spread(ofSize(bare).map((upload) => upload.answerSeconds));
  const done = ofSize(glb).flatMap((upload) => (upload.doneSeconds === null ? [] : [upload.doneSeconds]));
  const answerRatio = glbAnswer.median / bareAnswer.median;
  return {
    sizeMb,
    glbAnswer,
    bareAnswer,
    answerRatio,
    done: done.length > 0 ? spread(done) : null,
    meetsTarget: answerRatio <= ANSWER_RATIO_TARGET,
  };
}

function spread(values: number[]): Spread {
  return { median: median(values), max: values.length > 0 ? Math.max(...values) : 0 };
}

/**
 * A valid binary glTF of exactly `totalBytes` (a multiple of 4): one node with one mesh, a triangle list whose
 * POSITION accessor (float VEC3, exact min and max) fills the whole BIN chunk, so that the validator reads every
 * vertex; the JSON chunk is padded with spaces to make up the size.
 */
export function validGlb(totalBytes: number): Buffer {
  const jsonReserved = 1024;
  const headers = 12 + 8 + 8;
  const triangles = Math.floor((totalBytes - headers - jsonReserved) / 36);
  if (totalBytes % 4 !== 0 || triangles < 1) throw new Error(`cannot make a .glb of ${totalBytes} bytes`);
  const vertices = triangles * 3;
  const binBytes = vertices * 12;

  const bin = Buffer.alloc(binBytes);
  const view = new DataView(bin.buffer, bin.byteOffset, bin.length);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  // xorshift32: cheap, and the same model every run
  let state = 0x9e3779b9;
  for (let i = 0; i < vertices * 3; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    // 24 bits over 2^23, minus 1: exact in float32, in [-1, 1)
    const value = ((state >>> 8) & 0xffffff) / 0x800000 - 1;
    view.setFloat32(i * 4, value, true);
    const axis = i % 3;
    min[axis] = Math.min(min[axis] ?? value, value);
    max[axis] = Math.max(max[axis] ?? value, value);
  }
  const gltf = {
    asset: { version: '2.0', generator: 'portal bench' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, mode: 4 }] }],
    buffers: [{ byteLength: binBytes }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: binBytes, target: 34962 }],
    accessors: [{ bufferView: 0, componentType: 5126, count: vertices, type: 'VEC3', min, max }],
  };
  // the JSON chunk takes what the triangles leave, padded with spaces
  return encodeGlb(gltf, { bin, jsonBytes: totalBytes - headers - binBytes });
}

function uploadFile(kind: BuildKind, sizeMb: number, bytes: Buffer): UploadFile {
  const chunks = toChunks(bytes);
  return kind === 'glb'
    ? { kind, sizeMb, fileName: 'bench-build.glb', contentType: 'model/gltf-binary', chunks }
    : { kind, sizeMb, fileName: 'bench-build.ab', contentType: 'application/octet-stream', chunks };
}

interface Client {
  server: PortalServer;
  token: string;
}

/** Uploads one build and, for a .glb, waits until its validation is no longer pending. */
async function uploadBuild(
  client: Client,
  file: UploadFile,
  run: number,
): Promise<Omit<TimedBuildUpload, 'peakGrowthMb'>> {
  const started = process.hrtime.bigint();
  const { origin, answerSeconds } = await postBuild(client, file);
  const { validation, doneSeconds } =
    file.kind === 'glb'
      ? await waitForValidation(client, origin, file, started)
      : { validation: null, doneSeconds: null };
  return { kind: file.kind, sizeMb: file.sizeMb, run, answerSeconds, doneSeconds, validation };
}

/** Posts a build; throws unless the portal answers 200 with its origin. */
async function postBuild(client: Client, file: UploadFile): Promise<{ origin: string; answerSeconds: number }> {
  const upload = await uploadMultipart(new URL(UPLOAD_ROUTE, client.server.url).href, client.token, file.chunks, file);
  return { origin: originOf(upload, `POST ${UPLOAD_ROUTE} (${file.fileName})`), answerSeconds: upload.seconds };
}

/**
 * Polls the build's report every POLL_INTERVAL_MS until its validation is no longer pending; the seconds count
 * from `started`. Throws when the validator found errors in a file made to have none.
 */
async function waitForValidation(
  client: Client,
  origin: string,
  file: UploadFile,
  started: bigint,
): Promise<{ validation: BuildValidation; doneSeconds: number }> {
  const url = new URL(REPORT_ROUTE, client.server.url);
  url.searchParams.set('url', origin);
  const deadline = Date.now() + REPORT_TIMEOUT_SECONDS * 1000;
  for (;;) {
    const polled = Date.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${client.token}` } });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET ${REPORT_ROUTE} answered ${response.status}: ${text.slice(0, 300)}`);
    const validation = (JSON.parse(text) as BuildReportResponse).validation;
    if (!validation) throw new Error(`the report of a .glb has no validation: ${text.slice(0, 300)}`);
    if (validation.state !== 'pending') {
      const doneSeconds = secondsSince(started);
      if (validation.state === 'done' && (validation.counts?.errors ?? 0) > 0) {
        throw new Error(
          `the validator found ${validation.counts?.errors} errors in the generated ${file.sizeMb} MB .glb: ${text.slice(0, 600)}`,
        );
      }
      return { validation, doneSeconds };
    }
    if (Date.now() > deadline) {
      throw new Error(`the report of ${origin} was still pending after ${REPORT_TIMEOUT_SECONDS} s`);
    }
    await sleep(Math.max(0, POLL_INTERVAL_MS - (Date.now() - polled)));
  }
}

const formatMb = (mb: number) => mb.toFixed(1);
const formatSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? '' : `${seconds.toFixed(3)} s`;
const formatSize = (sizeMb: number) => `${sizeMb} MB`;

function describeValidation(validation: BuildValidation | null): string {
  if (!validation) return 'not validated';
  if (validation.state !== 'done') return `${validation.state}${validation.failure ? `: ${validation.failure}` : ''}`;
  const counts = validation.counts;
  return counts
    ? `done: ${counts.errors} errors, ${counts.warnings} warnings, ${counts.infos} infos, ${counts.hints} hints`
    : 'done';
}

/** The figures the summary of `npm run bench` lists. */
export function gltfValidationTargets(
  result: GltfValidationResult | null,
): Array<{ name: string; target: string; measured: string; met: boolean }> {
  if (!result) {
    return [{ name: 'glTF validation of uploads', target: 'measured', measured: 'failed (see above)', met: false }];
  }
  return [
    ...result.sizes.map((size) => ({
      name: `Upload answer, ${formatSize(size.sizeMb)} .glb (validated) vs AssetBundle`,
      target: `<= ${ANSWER_RATIO_TARGET} x`,
      measured:
        `${size.answerRatio.toFixed(2)} x (${formatSeconds(size.glbAnswer.median)} vs ` +
        `${formatSeconds(size.bareAnswer.median)}), report done ${formatSeconds(size.done?.median) || 'n/a'}`,
      met: size.meetsTarget,
    })),
    {
      name: `Server memory growth, ${result.burst.uploads.length} x ${formatSize(result.burst.sizeMb)} .glb burst`,
      target: `<= 2 x single file + ${BURST_SLACK_MB} MB`,
      measured: `${formatMb(result.burst.growthMb)} MB (target ${formatMb(result.burst.targetMb)} MB)`,
      met: result.burst.meetsTarget,
    },
  ];
}

export function printGltfValidation(result: GltfValidationResult): void {
  const { bare, glb, burst, sizes } = result;
  printTable(
    'Build uploads to a fresh portal server, one at a time: upload answer latency (request start to the end of the ' +
      `answer) and, for a .glb, report done (upload start to the first report no longer pending, polled every ` +
      `${POLL_INTERVAL_MS} ms); growth = peak VmRSS above the phase's baseline (MB = 2^20 bytes)`,
    [
      { header: 'kind' },
      { header: 'size', align: 'right' },
      { header: 'run', align: 'right' },
      { header: 'answer', align: 'right' },
      { header: 'report done', align: 'right' },
      { header: 'growth MB', align: 'right' },
      { header: 'validation' },
    ],
    [...bare.uploads, ...glb.uploads].map((upload) => [
      upload.kind === 'glb' ? '.glb' : 'AssetBundle',
      formatSize(upload.sizeMb),
      String(upload.run),
      formatSeconds(upload.answerSeconds),
      formatSeconds(upload.doneSeconds),
      upload.peakGrowthMb === null ? 'n/a' : formatMb(upload.peakGrowthMb),
      describeValidation(upload.validation),
    ]),
  );

  printTable(
    `Upload answer latency per size, ${result.options.runs} runs each: validated .glb vs AssetBundle (not validated)`,
    [
      { header: 'size', align: 'right' },
      { header: '.glb median', align: 'right' },
      { header: '.glb max', align: 'right' },
      { header: 'AB median', align: 'right' },
      { header: 'AB max', align: 'right' },
      { header: '.glb / AB', align: 'right' },
      { header: 'report done median', align: 'right' },
      { header: 'report done max', align: 'right' },
      { header: `target (.glb / AB <= ${ANSWER_RATIO_TARGET})` },
    ],
    sizes.map((size) => [
      formatSize(size.sizeMb),
      formatSeconds(size.glbAnswer.median),
      formatSeconds(size.glbAnswer.max),
      formatSeconds(size.bareAnswer.median),
      formatSeconds(size.bareAnswer.max),
      size.answerRatio.toFixed(2),
      formatSeconds(size.done?.median) || 'n/a',
      formatSeconds(size.done?.max) || 'n/a',
      formatVerdict(size.meetsTarget),
    ]),
  );

  printTable(
    `Portal server memory per phase (VmRSS sampled every ${RSS_SAMPLE_MS} ms, VmHWM reset before each file ` +
      'and the burst; growth = peak above the baseline taken before the phase)',
    [
      { header: 'phase' },
      { header: 'files', align: 'right' },
      { header: 'baseline', align: 'right' },
      { header: 'peak', align: 'right' },
      { header: 'lowest', align: 'right' },
      { header: 'growth', align: 'right' },
      { header: '1 s after', align: 'right' },
      { header: 'samples', align: 'right' },
      { header: 'target' },
    ],
    [
      ['AssetBundle sequence', bare, ''] as const,
      ['.glb sequence', glb, ''] as const,
      [
        `.glb burst, ${formatSize(burst.sizeMb)}`,
        burst,
        `growth <= ${formatMb(burst.targetMb)} MB (2 x ${formatMb(burst.singleFilePeakGrowthMb)} + ${BURST_SLACK_MB}): ` +
          formatVerdict(burst.meetsTarget),
      ] as const,
    ].map(([name, phase, target]) => [
      name,
      String(phase.uploads.length),
      formatMb(phase.baselineRssMb),
      formatMb(phase.peakRssMb),
      formatMb(phase.lowestRssMb),
      formatMb(phase.growthMb),
      formatMb(phase.afterRssMb),
      String(phase.samples),
      target,
    ]),
  );

  printTable(
    `Burst: ${burst.uploads.length} .glb files of ${formatSize(burst.sizeMb)} uploaded back to back, then their ` +
      'reports polled in upload order (seconds from the first upload start)',
    [
      { header: 'file', align: 'right' },
      { header: 'answer', align: 'right' },
      { header: 'report done', align: 'right' },
      { header: 'validation' },
    ],
    burst.uploads.map((upload) => [
      String(upload.run),
      formatSeconds(upload.answerSeconds),
      formatSeconds(upload.doneSeconds),
      describeValidation(upload.validation),
    ]),
  );
  console.log(
    `Burst total: ${formatSeconds(burst.totalSeconds)} from the first upload's start to the last report done.`,
  );

  const failed = [...glb.uploads, ...burst.uploads].filter((upload) => upload.validation?.state === 'failed');
  if (failed.length > 0) {
    console.log(
      `WARNING: ${failed.length} validation(s) failed (see above): their "report done" is the time to the failure.`,
    );
  }
  console.log(`Before the AssetBundle sequence: ${describeMachineLoad(bare.machineLoad)}.`);
  console.log(`Before the .glb sequence: ${describeMachineLoad(glb.machineLoad)}.`);
  console.log(`Before the burst: ${describeMachineLoad(burst.machineLoad)}.`);
}

runScript(import.meta.url, async () => printGltfValidation(await measureGltfValidation()));
