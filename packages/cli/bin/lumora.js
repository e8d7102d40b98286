#!/usr/bin/env node
// The `lumora` command. Installed from the packed tarball it runs the bundle, dist/lumora.js, which holds the contracts,
// commander and zod. In the repository it runs the TypeScript sources through tsx, as the server runs: the command then
// exists right after `npm ci`, with no install script to run (nor to break an install that has only the manifests),
// and it is never an older build than the code beside it.
import { existsSync } from 'node:fs';

const sources = new URL('../src/main.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else {
  await import('../dist/lumora.js');
}
