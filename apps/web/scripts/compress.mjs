// Writes .gz and .br beside every text asset so the server can send them pre-compressed. The prerendered pages are
// left out: the server puts the runtime config into them, and compresses the result as it sends it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.map']);
const prerendered = path.join(dist, 'prerendered');

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && full !== prerendered) yield* walk(full);
    else if (!entry.isDirectory()) yield full;
  }
}

let count = 0;
for await (const file of walk(dist)) {
  if (!compressible.has(path.extname(file))) continue;
  const data = await readFile(file);
  if (data.length < 1024) continue;
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), dist)}`);
