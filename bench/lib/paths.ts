import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
export const ANTD_FIXTURE_DIR = path.join(BENCH_DIR, 'fixtures/antd-login');

/** True when the file at `moduleUrl` is the script Node was asked to run, so a figure script can run on its own. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(moduleUrl);
}
