// Bundles the CLI and the contracts it validates with into one executable ESM file: dist/lumora.js.
import { chmod, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const outfile = path.join(root, 'dist', 'lumora.js');

await build({
  entryPoints: [path.join(root, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  define: { LUMORA_VERSION: JSON.stringify(version) },
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
