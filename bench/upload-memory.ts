/**
 * Peak memory of the portal server while a 50 MB build uploads: the upload must stream to storage, not pile up
 * in the server's memory.
 *
 *   npx tsx bench/upload-memory.ts      (also part of `npm run bench`)
 *
 * Each of the 2 runs starts its own portal server on a fresh DATA_DIR (embedded PGlite; production mode,
 * LOG_LEVEL=warn, PAYMENTS=sandbox, demo seed), waits for /healthz, signs the demo partner in
 * (demo@lumora.example / Demo1234; before the baseline, so the password hash's memory is not counted as upload
 * memory), lets the server settle for 3 s (PGlite's first start takes a lot of memory) and takes the baseline as
 * the highest VmRSS over 2 s idle. Then it posts a 50 MB (50 x 2^20 bytes, the build limit) valid .glb to
 * `POST /FileUpload/Single/Query` as multipart with one part `file`, over node:http with chunked transfer
 * encoding: the file is generated on the fly in 256 KB chunks (a glTF header, a JSON chunk and a BIN chunk of
 * random bytes), never held whole in memory here. While it uploads, the server's VmRSS (/proc/<pid>/status) is
 * sampled every 20 ms; VmHWM is also reset after the baseline (/proc/<pid>/clear_refs) and read at the end,
 * which catches a peak between two samples. Peak = the higher of the two. Growth = peak - baseline, or the
 * largest rise of the sampled VmRSS during the upload when that is larger (a garbage collection during the upload
 * may free startup memory and hide the upload's own; the `lowest` column shows when that happened).
 *
 * Reports baseline, peak, growth (MB = 2^20 bytes) and upload throughput per run, with the verdict
 * growth <= 16 MB. Checks that the upload answered 200 and that `GET <origin>` with the token returns the same
 * 50 MB (size and sha256). Also prints how busy the machine was in the second before each run.
 */
import { createHash, type Hash, randomBytes, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { isEntryPoint } from './lib/paths.ts';
import {
  describeMachineLoad,
  type MachineLoad,
  readRssKb,
  readStatusKb,
  resetPeakRss,
  sampleMachineLoad,
} from './lib/proc-stats.ts';
import { logInAsDemo, type PortalServer, startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const UPLOAD_BYTES = 50 * 1024 * 1024;
export const CHUNK_BYTES = 256 * 1024;
export const SAMPLE_INTERVAL_MS = 20;
export const SETTLE_SECONDS = 3;
export const BASELINE_SECONDS = 2;
export const RUNS = 2;
export const GROWTH_TARGET_MB = 16;

const UPLOAD_ROUTE = '/FileUpload/Single/Query';
const MB = 1024 * 1024;

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

export async function measureUploadMemory(runs = RUNS): Promise<UploadRun[]> {
  const results: UploadRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const machineLoad = await sampleMachineLoad();
    const server = await startPortalServer({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', PAYMENTS: 'sandbox', SEED_DEMO: 'true' },
    });
    try {
      results.push({ ...(await measureOneUpload(server, run)), machineLoad });
    } finally {
      await server.stop();
    }
  }
  return results;
}

async function measureOneUpload(server: PortalServer, run: number): Promise<Omit<UploadRun, 'machineLoad'>> {
  const token = await logInAsDemo(server.url);
  await sleep(SETTLE_SECONDS * 1000);

  const baselineSamples: number[] = [];
  const baselineEnd = Date.now() + BASELINE_SECONDS * 1000;
  while (Date.now() < baselineEnd) {
    baselineSamples.push(readRssKb(server.pid));
    await sleep(SAMPLE_INTERVAL_MS);
  }
  const baselineKb = Math.max(...baselineSamples);

  const hwmReset = resetPeakRss(server.pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(readRssKb(server.pid)), SAMPLE_INTERVAL_MS);
  let upload: UploadAnswer;
  try {
    samples.push(readRssKb(server.pid));
    upload = await uploadGlb(server.url, token, UPLOAD_BYTES);
    samples.push(readRssKb(server.pid));
  } finally {
    clearInterval(sampler);
  }
  const hwmKb = hwmReset ? readStatusKb(server.pid, 'VmHWM') : null;
  await sleep(1000);
  const afterKb = readRssKb(server.pid);

  if (upload.status !== 200) {
    throw new Error(`POST ${UPLOAD_ROUTE} answered ${upload.status}: ${upload.body.slice(0, 300)}`);
  }
  const answer = JSON.parse(upload.body) as Array<{ origin?: string }>;
  const origin = answer[0]?.origin;
  if (!origin) throw new Error(`POST ${UPLOAD_ROUTE} answered 200 without an origin: ${upload.body.slice(0, 300)}`);
  const download = await downloadFile(new URL(origin, server.url).href, token);
  if (download.status !== 200 || download.bytes !== UPLOAD_BYTES || download.sha256 !== upload.sha256) {
    throw new Error(
      `GET ${origin} answered ${download.status} with ${download.bytes} bytes ` +
        `(sha256 ${download.sha256 === upload.sha256 ? 'matches' : 'differs'}); expected ${UPLOAD_BYTES} bytes`,
    );
  }

  const sampledPeakKb = Math.max(...samples);
  const peakKb = Math.max(sampledPeakKb, hwmKb ?? 0);
  // A garbage collection during the upload can hand startup garbage back to the system and hide what the upload
  // holds: so growth is also the largest rise from any lower point before it, not only peak minus baseline.
  let lowestKb = baselineKb;
  let largestRiseKb = 0;
  for (const kb of samples) {
    lowestKb = Math.min(lowestKb, kb);
    largestRiseKb = Math.max(largestRiseKb, kb - lowestKb);
  }
  const growthMb = Math.max(peakKb - baselineKb, largestRiseKb) / 1024;
  return {
    run,
    baselineRssMb: baselineKb / 1024,
    sampledPeakRssMb: sampledPeakKb / 1024,
    hwmPeakRssMb: hwmKb === null ? null : hwmKb / 1024,
    peakRssMb: peakKb / 1024,
    lowestRssMb: Math.min(...samples) / 1024,
    growthMb,
    afterRssMb: afterKb / 1024,
    samples: samples.length,
    uploadBytes: UPLOAD_BYTES,
    uploadSeconds: upload.seconds,
    throughputMbPerSecond: UPLOAD_BYTES / MB / upload.seconds,
    status: upload.status,
    origin,
    downloadedBytes: download.bytes,
    sha256Matches: download.sha256 === upload.sha256,
    meetsTarget: growthMb <= GROWTH_TARGET_MB,
  };
}

/**
 * A valid binary glTF of exactly `totalBytes`, in CHUNK_BYTES pieces: the 12-byte header ("glTF", version 2,
 * total length), a JSON chunk naming one buffer, and a BIN chunk holding that buffer's random bytes.
 */
export function* glbChunks(totalBytes: number): Generator<Buffer> {
  const jsonFor = (binBytes: number) =>
    JSON.stringify({ asset: { version: '2.0', generator: 'portal bench' }, buffers: [{ byteLength: binBytes }] });
  // Chunks are 4-byte aligned; the JSON is padded with spaces to the length the largest byteLength would need.
  const jsonBytes = Math.ceil(Buffer.byteLength(jsonFor(totalBytes)) / 4) * 4;
  const binBytes = totalBytes - 12 - 8 - jsonBytes - 8;
  if (binBytes < 0 || totalBytes % 4 !== 0) throw new Error(`cannot make a .glb of ${totalBytes} bytes`);

  const prefix = Buffer.alloc(12 + 8 + jsonBytes + 8, 0x20);
  prefix.write('glTF', 0, 'ascii');
  prefix.writeUInt32LE(2, 4);
  prefix.writeUInt32LE(totalBytes, 8);
  prefix.writeUInt32LE(jsonBytes, 12);
  prefix.write('JSON', 16, 'ascii');
  prefix.write(jsonFor(binBytes), 20, 'utf8');
  prefix.writeUInt32LE(binBytes, 20 + jsonBytes);
  prefix.write('BIN\0', 24 + jsonBytes, 'ascii');

  for (let offset = 0; offset < totalBytes; offset += CHUNK_BYTES) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, totalBytes - offset));
    randomFillSync(chunk);
    if (offset < prefix.length) prefix.copy(chunk, 0, offset);
    yield chunk;
  }
}

interface UploadAnswer {
  status: number;
  body: string;
  seconds: number;
  sha256: string;
}

/** Multipart upload with one part `file`, chunked, writing only as fast as the socket drains. */
async function uploadGlb(baseUrl: string, token: string, totalBytes: number): Promise<UploadAnswer> {
  const boundary = `----portal-bench-${randomBytes(12).toString('hex')}`;
  const started = process.hrtime.bigint();
  const request = http.request(new URL(UPLOAD_ROUTE, baseUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.once('error', reject);
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
      );
    });
  });
  // Settles when the server answers (possibly early, refusing the upload), so a pending 'drain' cannot hang us.
  const answeredOrFailed = answered.then(
    () => 'answered' as const,
    () => 'answered' as const,
  );

  const hash = createHash('sha256');
  const write = async (data: Buffer | string, fileHash?: Hash): Promise<boolean> => {
    fileHash?.update(data);
    if (request.write(data)) return true;
    const winner = await Promise.race([once(request, 'drain').then(() => 'drained' as const), answeredOrFailed]);
    return winner === 'drained';
  };

  let open = await write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-build.glb"\r\n` +
      'Content-Type: model/gltf-binary\r\n\r\n',
  );
  for (const chunk of glbChunks(totalBytes)) {
    if (!open) break;
    open = await write(chunk, hash);
  }
  if (open) request.end(`\r\n--${boundary}--\r\n`);
  const { status, body } = await answered;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { status, body, seconds, sha256: hash.digest('hex') };
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

export function printUploadMemoryTable(runs: UploadRun[]): void {
  printTable(
    `Portal server memory while a ${UPLOAD_BYTES / MB} MB .glb uploads (MB = 2^20 bytes; VmRSS sampled every ` +
      `${SAMPLE_INTERVAL_MS} ms, and VmHWM reset after the baseline)`,
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
    runs.map((run) => [
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
  for (const run of runs) console.log(`Before run ${run.run}: ${describeMachineLoad(run.machineLoad)}.`);
}

async function main(): Promise<void> {
  const runs = await measureUploadMemory();
  printUploadMemoryTable(runs);
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
