import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, WEB_DIST } from './paths.ts';

/** Builds the web app only when no build exists: rebuilding every run would hide which build was measured. */
export function ensureWebBuilt(): void {
  const indexHtml = path.join(WEB_DIST, 'index.html');
  if (existsSync(indexHtml)) return;
  console.log(`${path.relative(REPO_ROOT, indexHtml)} is missing: running \`npm run build\` at the repo root first.`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(indexHtml)) {
    throw new Error(`npm run build failed (exit ${result.status ?? result.signal}); cannot measure the web app`);
  }
}

/** Identifies the build being measured, so a rebuild during a run (which would mix two builds) can be reported. */
export function readWebBuildStamp(): string | null {
  try {
    const indexHtml = statSync(path.join(WEB_DIST, 'index.html'));
    return `${indexHtml.mtimeMs}:${indexHtml.size}`;
  } catch {
    return null;
  }
}
