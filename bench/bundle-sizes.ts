import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser } from './lib/chromium.ts';
import { WEB_DIST } from './lib/paths.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { formatVerdict, printTable } from './lib/table.ts';
import { ensureWebBuilt } from './lib/web-build.ts';

export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/business',
  '/creator',
  '/developers',
  '/faqs',
  '/contact',
  '/document',
  '/login',
];
export const HOME_JS_BUDGET_BYTES = 100_000;
export const BUNDLE_TABLE_TITLE =
  'Gzipped HTML, JS and CSS a first visit downloads, per public route (KB = 1000 bytes; the budget is on JS)';

export type AssetKind = 'js' | 'css';

export interface AssetSize {
  path: string;
  kind: AssetKind;
  gzBytes: number;
  /** `dist-gz`: the .gz file the server sends; `gzip-9`: no such file, so the body was gzipped here. */
  source: 'dist-gz' | 'gzip-9';
}

export interface RouteBundle {
  route: string;
  /** The page's own HTML, gzipped here: a prerendered public page carries its content. */
  htmlGzBytes: number;
  jsGzBytes: number;
  cssGzBytes: number;
  jsFiles: number;
  cssFiles: number;
  assets: AssetSize[];
}

/** KB as Vite prints them (1 KB = 1000 bytes), so the figures match the build output. */
export function formatKb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

export async function measureBundleSizes(baseUrl: string, routes: string[], distDir: string): Promise<RouteBundle[]> {
  const browser = await launchBrowser();
  try {
    const bundles: RouteBundle[] = [];
    for (const route of routes) bundles.push(await measureRoute(browser, baseUrl, route, distDir));
    return bundles;
  } finally {
    await browser.close();
  }
}

/** A fresh context per route, so each figure is what a first visit with an empty cache downloads. */
async function measureRoute(browser: Browser, baseUrl: string, route: string, distDir: string): Promise<RouteBundle> {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending = new Map<string, Promise<AssetSize>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const kind = classifyResponse(response, url);
      if (url.origin !== origin || kind === null || !response.ok() || pending.has(url.pathname)) return;
      pending.set(url.pathname, measureAsset(response, url.pathname, kind, distDir));
    });
    // every script counts, whoever asked for it: the entry, its modulepreloads, the lazy page and what it imports
    const response = await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`GET ${route} answered ${response?.status() ?? 'nothing'}`);
    const htmlGzBytes = gzipSync(await response.body(), { level: 9 }).length;
    const assets = await Promise.all(pending.values());
    assets.sort((a, b) => b.gzBytes - a.gzBytes);
    const js = assets.filter((asset) => asset.kind === 'js');
    const css = assets.filter((asset) => asset.kind === 'css');
    return {
      route,
      htmlGzBytes,
      jsGzBytes: sumBytes(js),
      cssGzBytes: sumBytes(css),
      jsFiles: js.length,
      cssFiles: css.length,
      assets,
    };
  } finally {
    await context.close();
  }
}

function classifyResponse(response: Response, url: URL): AssetKind | null {
  const contentType = response.headers()['content-type'] ?? '';
  if (/javascript|ecmascript/.test(contentType)) return 'js';
  if (contentType.includes('text/css')) return 'css';
  const extension = path.extname(url.pathname);
  if (extension === '.js' || extension === '.mjs') return 'js';
  if (extension === '.css') return 'css';
  return null;
}

async function measureAsset(
  response: Response,
  pathname: string,
  kind: AssetKind,
  distDir: string,
): Promise<AssetSize> {
  const precompressed = path.join(distDir, `${decodeURIComponent(pathname)}.gz`);
  if (existsSync(precompressed)) {
    return { path: pathname, kind, gzBytes: statSync(precompressed).size, source: 'dist-gz' };
  }
  const body = await response.body();
  return { path: pathname, kind, gzBytes: gzipSync(body, { level: 9 }).length, source: 'gzip-9' };
}

function sumBytes(assets: AssetSize[]): number {
  return assets.reduce((total, asset) => total + asset.gzBytes, 0);
}

export interface BundleTableOptions {
  /** Shown before each route, to tell the baseline app's rows from the portal's. */
  appName?: string;
  /** Whether Home's JS budget applies (it is the portal's target, not the baseline's). */
  budgeted?: boolean;
}

export function printBundleTable(title: string, bundles: RouteBundle[], options: BundleTableOptions = {}): void {
  const { appName, budgeted = true } = options;
  const rows = bundles.map((bundle) => [
    appName ? `${appName} ${bundle.route}` : bundle.route,
    formatKb(bundle.htmlGzBytes),
    formatKb(bundle.jsGzBytes),
    formatKb(bundle.cssGzBytes),
    String(bundle.jsFiles),
    budgeted && bundle.route === '/' ? describeHomeTarget(bundle) : '',
  ]);
  printTable(
    title,
    [
      { header: 'route' },
      { header: 'HTML gz KB', align: 'right' },
      { header: 'JS gz KB', align: 'right' },
      { header: 'CSS gz KB', align: 'right' },
      { header: 'JS files', align: 'right' },
      { header: 'target' },
    ],
    rows,
  );
}

function describeHomeTarget(bundle: RouteBundle): string {
  return `JS <= ${formatKb(HOME_JS_BUDGET_BYTES)} KB: ${formatVerdict(bundle.jsGzBytes <= HOME_JS_BUDGET_BYTES)}`;
}

export function printAssetList(title: string, bundle: RouteBundle): void {
  printTable(
    title,
    [{ header: 'file' }, { header: 'kind' }, { header: 'gz KB', align: 'right' }, { header: 'size from' }],
    bundle.assets.map((asset) => [asset.path, asset.kind, formatKb(asset.gzBytes), asset.source]),
  );
}

/** The portal's bundles per public route, as the portal at `baseUrl` serves them, printed with Home's files. */
export async function measurePortalBundles(baseUrl: string): Promise<RouteBundle[]> {
  const bundles = await measureBundleSizes(baseUrl, PUBLIC_ROUTES, WEB_DIST);
  printBundleTable(BUNDLE_TABLE_TITLE, bundles);
  const home = bundles.find((bundle) => bundle.route === '/');
  if (home) printAssetList('Files a first visit to Home downloads', home);
  return bundles;
}

runScript(import.meta.url, async () => {
  ensureWebBuilt();
  const server = await startPortalServer();
  try {
    await measurePortalBundles(server.url);
  } finally {
    await server.stop();
  }
});
