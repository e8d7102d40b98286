/** V8 CPU profiles (`node --cpu-prof`) of a server under load: where its time went, by function and by owner. */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROFILES_DIR, REPO_ROOT } from './paths.ts';
import { fileStamp } from './time.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Which package or portal folder a script belongs to. */
export function ownerOf(url: string): string {
  if (!url) return '(native or idle)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const portal = url.indexOf('/apps/server/src/');
  if (portal >= 0) return `portal: ${path.dirname(url.slice(portal + '/apps/server/src/'.length))}`;
  if (url.includes('/packages/contracts/')) return 'portal: contracts';
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  return url;
}

/**
 * Self time per function and per owner, in ms, from a .cpuprofile; with `window` (µs of the monotonic clock the
 * profile's timestamps use, `process.hrtime` in any process of the machine), only the samples taken within it.
 */
export function summarize(profile: CpuProfile, window?: { startUs: number; endUs: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.startUs || at >= window.endUs)) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const owner = ownerOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} · ${owner}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: window ? (window.endUs - window.startUs) / 1000 : (profile.endTime - profile.startTime) / 1000,
    functions: sorted(functions),
    owners: sorted(owners),
  };
}

/** A new folder under bench/results/profiles/ for one run's profiles; the Node flags that write into it. */
export function makeProfileDir(prefix = ''): { dir: string; nodeArgs: string[] } {
  const dir = path.join(PROFILES_DIR, `${prefix}${fileStamp()}`);
  mkdirSync(dir, { recursive: true });
  return { dir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
}

/** The first profile written to `dir`, its path from the repository's root, and its summary (within `window`). */
export function readProfileIn(dir: string, window?: { startUs: number; endUs: number }) {
  const name = readdirSync(dir).find((file) => file.endsWith('.cpuprofile'));
  if (!name) throw new Error(`no profile was written to ${dir}`);
  const file = path.join(dir, name);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  return { file: path.relative(REPO_ROOT, file), summary: summarize(profile, window) };
}
