/**
 * Uploads of a 50 MB build: the portal server's memory growth (the upload must stream to storage, not pile up in
 * the server's memory), and its throughput beside a bare stream-to-disk route measured in the same run.
 *
 *   npx tsx bench/upload-memory.ts      (also part of `npm run bench`)
 *
 * The body is a 50 MB (50 x 2^20 bytes, the build limit) valid .glb (a glTF header, a JSON chunk and a BIN chunk of
 * random bytes), built once in 256 KB chunks and held by this script with its sha256: each upload then costs the
 * client only socket writes, the same for either side. Every upload is a `multipart/form-data` POST with one part
 * `file`, over node:http with chunked transfer encoding, writing only as fast as the socket drains.
 *
 * Memory, 2 runs: each starts its own portal server on a fresh DATA_DIR (embedded PGlite; production mode,
 * LOG_LEVEL=warn, PAYMENTS=sandbox, demo seed), waits for /healthz, signs the demo partner in
 * (demo@lumora.example / Demo1234; before the baseline, so the password hash's memory is not counted as upload
 * memory), lets the server settle for 3 s (PGlite's first start takes a lot of memory) and takes the baseline as
 * the highest VmRSS over 2 s idle. Then it posts the body to `POST /FileUpload/Single/Query`. While it uploads,
 * the server's VmRSS (/proc/<pid>/status) is sampled every 20 ms; VmHWM is also reset after the baseline
 * (/proc/<pid>/clear_refs) and read at the end, which catches a peak between two samples. Peak = the higher of the
 * two. Growth = peak - baseline, or the largest rise of the sampled VmRSS during the upload when that is larger (a
 * garbage collection during the upload may free startup memory and hide the upload's own; the `lowest` column
 * shows when that happened). Verdict: growth <= 16 MB.
 *
 * Throughput: a fresh portal server as above and, in its own process, a bare Fastify route
 * (bench/lib/bare-upload-server.ts: @fastify/multipart, the portal's parser, piping the file part into
 * fs.createWriteStream with a 1 MiB high-water mark, in a temporary directory on the same filesystem, answering 200
 * once the file is on disk; no session, no checks, no database). Two warm-up uploads to each (the first runs cold
 * code), not counted, then 5 rounds each uploading to both sides, the portal first in odd rounds and the bare route
 * first in even ones. An upload is timed from the
 * request's start to the end of its answer, with the CPU time its server spent meanwhile (/proc/<pid>/stat, 10 ms
 * ticks). Reports MB/s per upload, the median per side and the ratio of the medians, with the verdict
 * portal/bare >= 0.7 (issue 11).
 *
 * Every portal upload must answer 200 with an origin whose `GET` (with the token) returns the same 50 MB (size and
 * sha256); every bare upload must answer the 50 MB it wrote. Also prints how busy the machine was in the second
 * before each run and before the throughput rounds.
 */
import { createHash, randomFillSync } from 'node:crypto';
import http from 'node:http';
import { encodeGlb } from '@portal/test-assets';
import { startBareUploadRoute } from './lib/bare-upload-route.ts';
import { type UploadAnswer, uploadMultipart } from './lib/multipart-upload.ts';
import { isEntryPoint } from './lib/paths.ts';
import {
  describeMachineLoad,
  type MachineLoad,
  readBaselineRssKb,
  readCpuSeconds,
  readRssKb,
  sampleMachineLoad,
  watchRss,
} from './lib/proc-stats.ts';
import { logInAsDemo, type PortalServer, startPortalServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const UPLOAD_BYTES = 50 * 1024 * 1024;
export const CHUNK_BYTES = 256 * 1024;
export const SAMPLE_INTERVAL_MS = 20;
export const SETTLE_SECONDS = 3;
export const BASELINE_SECONDS = 2;
export const RUNS = 2;
export const GROWTH_TARGET_MB = 16;
export const WARM_UP_UPLOADS = 2;
export const THROUGHPUT_ROUNDS = 5;
export const UPLOAD_RATIO_TARGET = 0.7;

const UPLOAD_ROUTE = '/FileUpload/Single/Query';
const MB = 1024 * 1024;
const PORTAL_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn', PAYMENTS: 'sandbox', SEED_DEMO: 'true' };

export interface UploadRun {
  run: number;
  machineLoad: MachineLoad;
  baselineRssMb: number;
  /** Highest VmRSS seen by the 20 ms sampler during the upload. */
  sampledPeakRssMb: number;
  /** VmHWM after the upload, reset after the baseline; null when the kernel refused the reset. */
  hwmPeakRssMb: number | null;
  peakRssMb: number;
  /** Lowest VmRSS sampled during the upload: far below the baseline means a collection freed memory meanwhile. */
  lowestRssMb: number;
  /** The larger of peak minus baseline and the largest rise of VmRSS during the upload. */
  growthMb: number;
  /** VmRSS one second after the answer. */
  afterRssMb: number;
  samples: number;
  uploadBytes: number;
  uploadSeconds: number;
  throughputMbPerSecond: number;
  status: number;
  origin: string;
  downloadedBytes: number;
  sha256Matches: boolean;
  meetsTarget: boolean;
}

export interface TimedUpload {
  side: 'portal' | 'bare';
  round: number;
  seconds: number;
  mbPerSecond: number;
  /** CPU seconds the server process spent while this upload ran; null when /proc does not tell. */
  serverCpuSeconds: number | null;
}

export interface UploadThroughput {
  machineLoad: MachineLoad;
  uploads: TimedUpload[];
  portalMedianMbPerSecond: number;
  bareMedianMbPerSecond: number;
  /** Median portal MB/s over median bare MB/s. */
  ratioToBare: number;
  meetsTarget: boolean;
}

export interface UploadResults {
  memory: UploadRun[];
  throughput: UploadThroughput;
}

/** The 50 MB body, built once: what every upload of a run sends. */
export interface UploadBody {
  chunks: Buffer[];
  bytes: number;
  sha256: string;
}

const GLB_PART = { fileName: 'bench-build.glb', contentType: 'model/gltf-binary' };

export async function measureUploads(): Promise<UploadResults> {
  const body = buildUploadBody(UPLOAD_BYTES);
  const memory = await measureUploadMemory(body);
  const throughput = await measureUploadThroughput(body);
  return { memory, throughput };
}

export function buildUploadBody(totalBytes: number): UploadBody {
  const chunks = [...glbChunks(totalBytes)];
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return { chunks, bytes: totalBytes, sha256: hash.digest('hex') };
}

async function measureUploadMemory(body: UploadBody, runs = RUNS): Promise<UploadRun[]> {
  const results: UploadRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const machineLoad = await sampleMachineLoad();
    const server = await startPortalServer({ env: PORTAL_ENV });
    try {
      results.push({ ...(await measureOneUpload(server, body, run)), machineLoad });
    } finally {
      await server.stop();
    }
  }
  return results;
}

async function measureOneUpload(
  server: PortalServer,
  body: UploadBody,
  run: number,
): Promise<Omit<UploadRun, 'machineLoad'>> {
  const token = await logInAsDemo(server.url);
  await sleep(SETTLE_SECONDS * 1000);

  const baselineKb = await readBaselineRssKb(server.pid, BASELINE_SECONDS, SAMPLE_INTERVAL_MS);
  const { result: upload, memory } = await watchRss(server.pid, baselineKb, SAMPLE_INTERVAL_MS, () =>
    uploadMultipart(new URL(UPLOAD_ROUTE, server.url).href, token, body.chunks, GLB_PART),
  );
  await sleep(1000);
  const afterKb = readRssKb(server.pid);
  const { origin, download } = await checkPortalUpload(server.url, token, body, upload);
  const growthMb = memory.growthKb / 1024;
  return {
    run,
    baselineRssMb: baselineKb / 1024,
    sampledPeakRssMb: memory.sampledPeakKb / 1024,
    hwmPeakRssMb: memory.hwmPeakKb === null ? null : memory.hwmPeakKb / 1024,
    peakRssMb: memory.peakKb / 1024,
    lowestRssMb: memory.lowestKb / 1024,
    growthMb,
    afterRssMb: afterKb / 1024,
    samples: memory.samples,
    uploadBytes: body.bytes,
    uploadSeconds: upload.seconds,
    throughputMbPerSecond: body.bytes / MB / upload.seconds,
    status: upload.status,
    origin,
    downloadedBytes: download.bytes,
    sha256Matches: download.sha256 === body.sha256,
    meetsTarget: growthMb <= GROWTH_TARGET_MB,
  };
}

/** Throws unless the portal answered 200 with an origin that serves back the same bytes. */
async function checkPortalUpload(baseUrl: string, token: string, body: UploadBody, upload: UploadAnswer) {
  if (upload.status !== 200) {
    throw new Error(`POST ${UPLOAD_ROUTE} answered ${upload.status}: ${upload.body.slice(0, 300)}`);
  }
  const answer = JSON.parse(upload.body) as Array<{ origin?: string }>;
  const origin = answer[0]?.origin;
  if (!origin) throw new Error(`POST ${UPLOAD_ROUTE} answered 200 without an origin: ${upload.body.slice(0, 300)}`);
  const download = await downloadFile(new URL(origin, baseUrl).href, token);
  if (download.status !== 200 || download.bytes !== body.bytes || download.sha256 !== body.sha256) {
    throw new Error(
      `GET ${origin} answered ${download.status} with ${download.bytes} bytes ` +
        `(sha256 ${download.sha256 === body.sha256 ? 'matches' : 'differs'}); expected ${body.bytes} bytes`,
    );
  }
  return { origin, download };
}

function checkBareUpload(body: UploadBody, upload: UploadAnswer): void {
  const written = upload.status === 200 ? (JSON.parse(upload.body) as { bytes?: number }).bytes : undefined;
  if (written !== body.bytes) {
    throw new Error(`the bare upload route answered ${upload.status}: ${upload.body.slice(0, 300)}`);
  }
}

async function measureUploadThroughput(body: UploadBody): Promise<UploadThroughput> {
  const machineLoad = await sampleMachineLoad();
  const portal = await startPortalServer({ env: PORTAL_ENV });
  const bare = await startBareUploadRoute(UPLOAD_ROUTE).catch(async (err: unknown) => {
    await portal.stop();
    throw err;
  });
  try {
    const token = await logInAsDemo(portal.url);
    const sides = {
      portal: async (round: number) => {
        const timed = await timeUpload(portal.pid, new URL(UPLOAD_ROUTE, portal.url).href, token, body);
        await checkPortalUpload(portal.url, token, body, timed.upload);
        return { side: 'portal' as const, round, ...timed.figures };
      },
      bare: async (round: number) => {
        const timed = await timeUpload(bare.pid, new URL(UPLOAD_ROUTE, bare.url).href, token, body);
        checkBareUpload(body, timed.upload);
        return { side: 'bare' as const, round, ...timed.figures };
      },
    };
    for (let warmUp = 0; warmUp < WARM_UP_UPLOADS; warmUp += 1) {
      await sides.portal(0);
      await sides.bare(0);
    }
    const uploads: TimedUpload[] = [];
    for (let round = 1; round <= THROUGHPUT_ROUNDS; round += 1) {
      const order = round % 2 === 1 ? (['portal', 'bare'] as const) : (['bare', 'portal'] as const);
      for (const side of order) uploads.push(await sides[side](round));
    }
    const medianOf = (side: TimedUpload['side']) =>
      median(uploads.filter((upload) => upload.side === side).map((upload) => upload.mbPerSecond));
    const portalMedianMbPerSecond = medianOf('portal');
    const bareMedianMbPerSecond = medianOf('bare');
    const ratioToBare = portalMedianMbPerSecond / bareMedianMbPerSecond;
    return {
      machineLoad,
      uploads,
      portalMedianMbPerSecond,
      bareMedianMbPerSecond,
      ratioToBare,
      meetsTarget: ratioToBare >= UPLOAD_RATIO_TARGET,
    };
  } finally {
    await bare.close();
    await portal.stop();
  }
}

async function timeUpload(pid: number, url: string, token: string, body: UploadBody) {
  const cpuBefore = readCpuSeconds(pid);
  const upload = await uploadMultipart(url, token, body.chunks, GLB_PART);
  const cpuAfter = readCpuSeconds(pid);
  const figures = {
    seconds: upload.seconds,
    mbPerSecond: body.bytes / MB / upload.seconds,
    serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
  return { upload, figures };
}

/**
 * A valid binary glTF of exactly `totalBytes`, in CHUNK_BYTES pieces: the 12-byte header ("glTF", version 2,
 * total length), a JSON chunk naming one buffer, and a BIN chunk holding that buffer's random bytes.
 */
export function* glbChunks(totalBytes: number): Generator<Buffer> {
  const gltfFor = (binBytes: number) => ({
    asset: { version: '2.0', generator: 'portal bench' },
    buffers: [{ byteLength: binBytes }],
  });
  // Chunks are 4-byte aligned; the JSON is padded with spaces to the length the largest byteLength would need.
  const jsonBytes = Math.ceil(Buffer.byteLength(JSON.stringify(gltfFor(totalBytes))) / 4) * 4;
  const binBytes = totalBytes - 12 - 8 - jsonBytes - 8;
  if (binBytes < 0 || totalBytes % 4 !== 0) throw new Error(`cannot make a .glb of ${totalBytes} bytes`);

  const glb = encodeGlb(gltfFor(binBytes), { bin: randomFillSync(Buffer.allocUnsafe(binBytes)), jsonBytes });
  for (let offset = 0; offset < totalBytes; offset += CHUNK_BYTES) yield glb.subarray(offset, offset + CHUNK_BYTES);
}

function downloadFile(url: string, token: string): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      const hash = createHash('sha256');
      let bytes = 0;
      response.on('data', (part: Buffer) => {
        bytes += part.length;
        hash.update(part);
      });
      response.once('error', reject);
      response.once('end', () => resolve({ status: response.statusCode ?? 0, bytes, sha256: hash.digest('hex') }));
    });
    request.once('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const formatMb = (mb: number | null) => (mb === null ? 'n/a' : mb.toFixed(1));

export function printUploadTables({ memory, throughput }: UploadResults): void {
  printTable(
    `Portal server memory while a ${UPLOAD_BYTES / MB} MB .glb uploads to a fresh server (MB = 2^20 bytes; VmRSS ` +
      `sampled every ${SAMPLE_INTERVAL_MS} ms, and VmHWM reset after the baseline)`,
    [
      { header: 'run' },
      { header: 'baseline', align: 'right' },
      { header: 'peak sampled', align: 'right' },
      { header: 'peak VmHWM', align: 'right' },
      { header: 'lowest', align: 'right' },
      { header: 'growth', align: 'right' },
      { header: '1 s after', align: 'right' },
      { header: 'samples', align: 'right' },
      { header: 'upload', align: 'right' },
      { header: 'MB/s', align: 'right' },
      { header: 'check' },
      { header: `target (growth <= ${GROWTH_TARGET_MB} MB)` },
    ],
    memory.map((run) => [
      String(run.run),
      formatMb(run.baselineRssMb),
      formatMb(run.sampledPeakRssMb),
      formatMb(run.hwmPeakRssMb),
      formatMb(run.lowestRssMb),
      formatMb(run.growthMb),
      formatMb(run.afterRssMb),
      String(run.samples),
      `${run.uploadSeconds.toFixed(2)} s`,
      run.throughputMbPerSecond.toFixed(0),
      `${run.status}, GET ${run.downloadedBytes / MB} MB${run.sha256Matches ? ', sha256 ok' : ', sha256 differs'}`,
      formatVerdict(run.meetsTarget),
    ]),
  );
  for (const run of memory) console.log(`Before run ${run.run}: ${describeMachineLoad(run.machineLoad)}.`);

  const cell = (round: number, side: TimedUpload['side']) =>
    throughput.uploads.find((upload) => upload.round === round && upload.side === side);
  const cpu = (upload: TimedUpload | undefined) =>
    upload?.serverCpuSeconds === null || upload === undefined ? 'n/a' : `${upload.serverCpuSeconds.toFixed(2)} s`;
  const rounds = [...new Set(throughput.uploads.map((upload) => upload.round))];
  printTable(
    `Upload throughput of the same ${UPLOAD_BYTES / MB} MB .glb, portal (${UPLOAD_ROUTE}) vs a bare ` +
      `stream-to-disk Fastify route, after ${WARM_UP_UPLOADS} warm-up uploads each ` +
      '(server CPU = what the server process spent)',
    [
      { header: 'round' },
      { header: 'first' },
      { header: 'portal MB/s', align: 'right' },
      { header: 'portal server CPU', align: 'right' },
      { header: 'bare MB/s', align: 'right' },
      { header: 'bare server CPU', align: 'right' },
    ],
    [
      ...rounds.map((round) => [
        String(round),
        round % 2 === 1 ? 'portal' : 'bare',
        cell(round, 'portal')?.mbPerSecond.toFixed(0) ?? 'n/a',
        cpu(cell(round, 'portal')),
        cell(round, 'bare')?.mbPerSecond.toFixed(0) ?? 'n/a',
        cpu(cell(round, 'bare')),
      ]),
      [
        'median',
        '',
        throughput.portalMedianMbPerSecond.toFixed(0),
        '',
        throughput.bareMedianMbPerSecond.toFixed(0),
        '',
      ],
    ],
  );
  console.log(
    `Portal / bare: ${throughput.ratioToBare.toFixed(2)} x (target >= ${UPLOAD_RATIO_TARGET} x, issue 11): ` +
      `${formatVerdict(throughput.meetsTarget)}.`,
  );
  console.log(`Before the throughput rounds: ${describeMachineLoad(throughput.machineLoad)}.`);
}

async function main(): Promise<void> {
  printUploadTables(await measureUploads());
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
