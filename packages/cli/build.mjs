// Bundles the CLI and the contracts it validates with into one executable ESM file: dist/lumora.js. `npm pack` runs
// it (prepack), so the tarball always carries a bundle of the sources it was packed from.
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(root, 'dist', 'lumora.js');

const { outputFiles } = await build({
  entryPoints: [path.join(root, 'src', 'main.ts')],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
// Written beside and renamed into place: a build running while the tests run dist/lumora.js (they build too) never
// lets anyone read half a file.
const partial = `${outfile}.${process.pid}.partial`;
await mkdir(path.dirname(outfile), { recursive: true });
await writeFile(partial, outputFiles[0].contents);
await chmod(partial, 0o755);
await rename(partial, outfile);
