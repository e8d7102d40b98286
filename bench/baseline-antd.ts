import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { formatKb, measureBundleSizes, printBundleTable } from './bundle-sizes.ts';
import { ANTD_FIXTURE_DIR } from './lib/paths.ts';
import { runScript } from './lib/script.ts';
import { type StaticServer, startStaticServer } from './lib/static-server.ts';
import { printFindings, printLighthouseTable, runLighthousePages } from './lighthouse.ts';

export const BASELINE_NAME = 'antd login (baseline)';
export const ANTD_FIXTURE_DIST = path.join(ANTD_FIXTURE_DIR, 'dist');

export interface AntdBaseline extends StaticServer {
  distDir: string;
}

/** Same Vite major, React plugin and target as the portal, so the difference measured is the app, not the build. */
export async function buildAntdFixture(): Promise<void> {
  const started = Date.now();
  await build({
    root: ANTD_FIXTURE_DIR,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    // Keeps Vite's cache out of the source tree.
    cacheDir: path.join(os.tmpdir(), 'portal-bench-vite-cache'),
    build: {
      outDir: ANTD_FIXTURE_DIST,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 1500,
    },
  });
  console.log(`Built the antd login baseline in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function startAntdBaseline(): Promise<AntdBaseline> {
  await buildAntdFixture();
  const server = await startStaticServer(ANTD_FIXTURE_DIST);
  console.log(`Antd login baseline served at ${server.url}`);
  return { ...server, distDir: ANTD_FIXTURE_DIST };
}

runScript(import.meta.url, async () => {
  const baseline = await startAntdBaseline();
  try {
    const bundles = await measureBundleSizes(baseline.url, ['/'], baseline.distDir);
    printBundleTable('Gzipped HTML, JS and CSS of the baseline', bundles, { appName: BASELINE_NAME, budgeted: false });
    const total = bundles.reduce((sum, bundle) => sum + bundle.jsGzBytes + bundle.cssGzBytes, 0);
    console.log(`Total: ${formatKb(total)} KB gzipped`);
    const results = await runLighthousePages([{ name: BASELINE_NAME, url: `${baseline.url}/`, targeted: false }]);
    printLighthouseTable(results);
    printFindings(results);
  } finally {
    await baseline.close();
  }
});
