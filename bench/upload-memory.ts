/**
 * The portal server's memory growth while a 50 MB build uploads: the upload must stream to storage, not pile up in
 * the server's memory.
 *
 *   npx tsx bench/upload-memory.ts      (also part of `npm run bench`)
 *
 * The body is a 50 MB (50 x 2^20 bytes, the build limit) valid .glb (a glTF header, a JSON chunk and a BIN chunk of
 * random bytes), built once in 256 KB chunks and held by this script with its sha256 (bench/lib/uploads.ts). The
 * upload is a `multipart/form-data` POST with one part `file`, over node:http with chunked transfer encoding,
 * writing only as fast as the socket drains.
 *
 * 2 runs: each starts its own portal server on a fresh DATA_DIR (embedded PGlite; production mode, LOG_LEVEL=warn,
 * PAYMENTS=sandbox, demo seed), waits for /healthz, signs the demo partner in (demo@lumora.example / Demo1234;
 * before the baseline, so the password hash's memory is not counted as upload memory), lets the server settle for
 * 3 s (PGlite's first start takes a lot of memory) and takes the baseline as the highest VmRSS over 2 s idle. Then
 * it posts the body to `POST /FileUpload/Single/Query`. While it uploads, the server's VmRSS (/proc/<pid>/status) is
 * sampled every 20 ms; VmHWM is also reset after the baseline (/proc/<pid>/clear_refs) and read at the end, which
 * catches a peak between two samples. Peak = the higher of the two. Growth = peak - baseline, or the largest rise of
 * the sampled VmRSS during the upload when that is larger (a garbage collection during the upload may free startup
 * memory and hide the upload's own; the `lowest` column shows when that happened). Verdict: growth <= 16 MB.
 *
 * Every upload must answer 200 with an origin whose `GET` (with the token) returns the same 50 MB (size and sha256).
 * Also prints how busy the machine was in the second before each run.
 */
import { uploadMultipart } from './lib/multipart-upload.ts';
import {
  describeMachineLoad,
  type MachineLoad,
  RSS_SAMPLE_MS,
  sampleMachineLoad,
  watchAfterSettling,
} from './lib/proc-stats.ts';
import { runScript } from './lib/script.ts';
import { DEMO_ENV, logInAsDemo, type PortalServer, startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { buildUploadBody, checkPortalUpload, GLB_PART, MB, UPLOAD_ROUTE, type UploadBody } from './lib/uploads.ts';

export const UPLOAD_BYTES = 50 * 1024 * 1024;
export const RUNS = 2;
export const GROWTH_TARGET_MB = 16;

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

export async function measureUploadMemory(body: UploadBody, runs = RUNS): Promise<UploadRun[]> {
  const results: UploadRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const machineLoad = await sampleMachineLoad();
    const server = await startPortalServer({ env: DEMO_ENV });
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
  const {
    result: upload,
    memory,
    afterKb,
  } = await watchAfterSettling(server.pid, () =>
    uploadMultipart(new URL(UPLOAD_ROUTE, server.url).href, token, body.chunks, GLB_PART),
  );
  const { origin, download } = await checkPortalUpload(server.url, token, body, upload);
  const growthMb = memory.growthKb / 1024;
  return {
    run,
    baselineRssMb: memory.baselineKb / 1024,
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

const formatMb = (mb: number | null) => (mb === null ? 'n/a' : mb.toFixed(1));

export function printUploadMemory(memory: UploadRun[]): void {
  printTable(
    `Portal server memory while a ${UPLOAD_BYTES / MB} MB .glb uploads to a fresh server (MB = 2^20 bytes; VmRSS ` +
      `sampled every ${RSS_SAMPLE_MS} ms, and VmHWM reset after the baseline)`,
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
}

runScript(import.meta.url, async () => printUploadMemory(await measureUploadMemory(buildUploadBody(UPLOAD_BYTES))));
