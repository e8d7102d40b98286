import { once } from 'node:events';
import { open } from 'node:fs/promises';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Pipes `source` (through `transforms`) into a new file at `target`. The file is created before the first
 * byte flows and its handle is closed before this settles, so a caller that removes `target` after a
 * failure never races a late open that would bring the file back.
 */
export async function writeStreamToFile(target: string, source: Readable, ...transforms: Transform[]): Promise<void> {
  const handle = await open(target, 'w');
  const out = handle.createWriteStream();
  try {
    await pipeline([source, ...transforms, out]);
  } finally {
    if (!out.closed) await once(out, 'close').catch(() => undefined);
  }
}
