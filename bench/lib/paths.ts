import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');
export const PROFILES_DIR = path.join(RESULTS_DIR, 'profiles');
export const ANTD_FIXTURE_DIR = path.join(BENCH_DIR, 'fixtures/antd-login');
/** The child processes of the comparison servers (bare routes, the floor, the straightforward build). */
export const SERVERS_DIR = path.join(BENCH_DIR, 'lib/servers');
