/**
 * The throughput of a 50 MB build upload to the portal beside a bare stream-to-disk route measured in the same run.
 *
 *   npx tsx bench/upload-throughput.ts      (also part of `npm run bench`)
 *
 * The body and the uploads are those of bench/upload-memory.ts (bench/lib/uploads.ts). A fresh portal server (embedded
 * PGlite; production mode, LOG_LEVEL=warn, PAYMENTS=sandbox, demo seed) and, in its own process, a bare Fastify route
 * (bench/lib/servers/bare-upload.ts: @fastify/multipart, the portal's parser, piping the file part into
 * fs.createWriteStream with a 1 MiB high-water mark, in a temporary directory on the same filesystem, answering 200
 * once the file is on disk; no session, no checks, no database). Two warm-up uploads to each (the first runs cold
 * code), not counted, then 5 rounds each uploading to both sides, the portal first in odd rounds and the bare route
 * first in even ones. An upload is timed from the request's start to the end of its answer, with the CPU time its
 * server spent meanwhile (/proc/<pid>/stat, 10 ms ticks). Reports MB/s per upload, the median per side and the ratio
 * of the medians, with the verdict portal/bare >= 0.7 (issue 11).
 *
 * Every portal upload must answer 200 with an origin whose `GET` (with the token) returns the same 50 MB (size and
 * sha256); every bare upload must answer the 50 MB it wrote. Also prints how busy the machine was in the second
 * before the rounds.
 */
import { startBareUploadRoute } from './lib/bare-servers.ts';
import { type UploadAnswer, uploadMultipart } from './lib/multipart-upload.ts';
import { describeMachineLoad, type MachineLoad, readCpuSeconds, sampleMachineLoad } from './lib/proc-stats.ts';
import { runScript } from './lib/script.ts';
import { DEMO_ENV, logInAsDemo, startPortalServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { buildUploadBody, checkPortalUpload, GLB_PART, MB, UPLOAD_ROUTE, type UploadBody } from './lib/uploads.ts';
import { UPLOAD_BYTES } from './upload-memory.ts';

export const WARM_UP_UPLOADS = 2;
export const THROUGHPUT_ROUNDS = 5;
export const UPLOAD_RATIO_TARGET = 0.7;

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

function checkBareUpload(body: UploadBody, upload: UploadAnswer): void {
  const written = upload.status === 200 ? (JSON.parse(upload.body) as { bytes?: number }).bytes : undefined;
  if (written !== body.bytes) {
    throw new Error(`the bare upload route answered ${upload.status}: ${upload.body.slice(0, 300)}`);
  }
}

export async function measureUploadThroughput(body: UploadBody): Promise<UploadThroughput> {
  const machineLoad = await sampleMachineLoad();
  const portal = await startPortalServer({ env: DEMO_ENV });
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

export function printUploadThroughput(throughput: UploadThroughput): void {
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

runScript(import.meta.url, async () =>
  printUploadThroughput(await measureUploadThroughput(buildUploadBody(UPLOAD_BYTES))),
);
