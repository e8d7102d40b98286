/**
 * Peak memory of the portal server while 20 large images upload at once: image work must queue, not pile up
 * decoded pixels in the server's memory.
 *
 *   npx tsx bench/image-upload-memory.ts [side]      (side in pixels, default 4096: the largest image accepted)
 *
 * Each of the 2 runs starts its own portal server on a fresh DATA_DIR (embedded PGlite; production mode,
 * LOG_LEVEL=warn, PAYMENTS=sandbox, demo seed), waits for /healthz, signs the demo partner in, lets the server
 * settle for 3 s and takes the baseline as the highest VmRSS over 2 s idle. Then it posts the same PNG of
 * side x side pixels (a gradient with circles, a few hundred KB: decoding costs pixels, not bytes) 20 times at
 * once to `POST /FileUpload/Single/Query`, each as a multipart body with one part `file`, with Node's fetch.
 * While they upload, the server's VmRSS is sampled every 20 ms; VmHWM is reset after the baseline and read at
 * the end. Peak = the higher of the two; growth = peak - baseline.
 *
 * Reports baseline, peak, growth (MB = 2^20 bytes), VmRSS 1 s after the last answer, the time until all 20 have
 * answered and the statuses, with the verdict growth <= 160 MB.
 */

import { RSS_SAMPLE_MS, watchAfterSettling } from './lib/proc-stats.ts';
import { runScript } from './lib/script.ts';
import { DEMO_ENV, logInAsDemo, type PortalServer, startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { secondsSince } from './lib/time.ts';
import { UPLOAD_ROUTE } from './lib/uploads.ts';

export const PARALLEL_UPLOADS = 20;
export const DEFAULT_SIDE = 4096;
export const RUNS = 2;
export const GROWTH_TARGET_MB = 160;

const KB_PER_MB = 1024;

export interface ImageUploadRun {
  run: number;
  baselineRssMb: number;
  peakRssMb: number;
  growthMb: number;
  afterRssMb: number;
  seconds: number;
  statuses: Record<number, number>;
  meetsTarget: boolean;
}

/** A PNG of `side` x `side` pixels that compresses well: a gradient with a few circles. */
export async function largePng(side: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const circles = [0.2, 0.5, 0.8]
    .map((at) => `<circle cx="${side * at}" cy="${side * (1 - at)}" r="${side / 8}" fill="#26c6da"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#5b45e0"/><stop offset="1" stop-color="#f07828"/>' +
    `</linearGradient></defs><rect width="${side}" height="${side}" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png({ compressionLevel: 9, palette: true }).toBuffer();
}

export async function measureImageUploadMemory(side = DEFAULT_SIDE, runs = RUNS): Promise<ImageUploadRun[]> {
  const image = await largePng(side);
  const results: ImageUploadRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const server = await startPortalServer({ env: DEMO_ENV });
    try {
      results.push(await measureOneBurst(server, run, image));
    } finally {
      await server.stop();
    }
  }
  return results;
}

async function measureOneBurst(server: PortalServer, run: number, image: Buffer): Promise<ImageUploadRun> {
  const token = await logInAsDemo(server.url);
  const { result, memory, afterKb } = await watchAfterSettling(server.pid, async () => {
    const started = process.hrtime.bigint();
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL_UPLOADS }, () => uploadImage(server.url, token, image)),
    );
    return { statuses, seconds: secondsSince(started) };
  });
  // growth here is peak minus baseline: the burst is short, and its peak is what matters
  const growthMb = (memory.peakKb - memory.baselineKb) / KB_PER_MB;
  const counted: Record<number, number> = {};
  for (const status of result.statuses) counted[status] = (counted[status] ?? 0) + 1;
  return {
    run,
    baselineRssMb: memory.baselineKb / KB_PER_MB,
    peakRssMb: memory.peakKb / KB_PER_MB,
    growthMb,
    afterRssMb: afterKb / KB_PER_MB,
    seconds: result.seconds,
    statuses: counted,
    meetsTarget: growthMb <= GROWTH_TARGET_MB,
  };
}

async function uploadImage(baseUrl: string, token: string, image: Buffer): Promise<number> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bench-cover.png');
  const response = await fetch(new URL(UPLOAD_ROUTE, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

export function printImageUploadMemoryTable(side: number, imageBytes: number, runs: ImageUploadRun[]): void {
  printTable(
    `Portal server memory while ${PARALLEL_UPLOADS} PNGs of ${side} x ${side} px (${(imageBytes / 1024).toFixed(0)} KB ` +
      `each) upload at once (MB = 2^20 bytes; VmRSS sampled every ${RSS_SAMPLE_MS} ms, and VmHWM)`,
    [
      { header: 'run' },
      { header: 'baseline', align: 'right' },
      { header: 'peak', align: 'right' },
      { header: 'growth', align: 'right' },
      { header: '1 s after', align: 'right' },
      { header: 'all answered', align: 'right' },
      { header: 'statuses' },
      { header: `target (growth <= ${GROWTH_TARGET_MB} MB)` },
    ],
    runs.map((run) => [
      String(run.run),
      run.baselineRssMb.toFixed(1),
      run.peakRssMb.toFixed(1),
      run.growthMb.toFixed(1),
      run.afterRssMb.toFixed(1),
      `${run.seconds.toFixed(2)} s`,
      Object.entries(run.statuses)
        .map(([status, count]) => `${count} x ${status}`)
        .join(', '),
      formatVerdict(run.meetsTarget),
    ]),
  );
}

runScript(import.meta.url, async () => {
  const side = Number(process.argv[2] ?? DEFAULT_SIDE);
  if (!Number.isInteger(side) || side < 1) throw new Error(`not a side in pixels: ${process.argv[2]}`);
  const runs = await measureImageUploadMemory(side);
  printImageUploadMemoryTable(side, (await largePng(side)).length, runs);
});
