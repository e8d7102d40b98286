import { existsSync, statSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../testing/temp-dirs.ts';
import { WRITE_AHEAD_BYTES, writeStreamToFile } from './write-file.ts';

describe('writeStreamToFile', () => {
  const temp = useTempDir('write');

  it('writes every byte of the source through the transforms', async () => {
    const target = path.join(temp.path, 'upper');
    const upper = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        callback(null, Buffer.from(chunk.toString().toUpperCase()));
      },
    });
    await writeStreamToFile(target, Readable.from([Buffer.from('hello '), Buffer.from('world')]), upper);
    expect(await readFile(target, 'utf8')).toBe('HELLO WORLD');
  });

  it('leaves nothing behind once a failed write is removed, however early it failed', async () => {
    const leaked: string[] = [];
    for (let i = 0; i < 200; i++) {
      const target = path.join(temp.path, `refused-${i}`);
      const refuse = new Transform({
        transform(_chunk, _encoding, callback) {
          callback(new Error('too large'));
        },
      });
      await expect(writeStreamToFile(target, Readable.from([Buffer.alloc(16)]), refuse)).rejects.toThrow('too large');
      await rm(target, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (existsSync(target)) leaked.push(target);
    }
    expect(leaked).toEqual([]);
  });

  it('keeps reading the source while the disk catches up, but never more than its write-ahead', async () => {
    const target = path.join(temp.path, 'ahead');
    const chunk = Buffer.alloc(64 * 1024, 1);
    const chunks = 64;
    let mostAhead = 0;
    async function* source() {
      for (let i = 0; i < chunks; i++) {
        // what the writer has taken from the source and not yet written: what it holds in memory
        const onDisk = existsSync(target) ? statSync(target).size : 0;
        mostAhead = Math.max(mostAhead, i * chunk.length - onDisk);
        yield chunk;
      }
    }
    await writeStreamToFile(target, Readable.from(source()));
    expect(statSync(target).size).toBe(chunks * chunk.length);
    expect(mostAhead).toBeGreaterThanOrEqual(WRITE_AHEAD_BYTES / 2);
    expect(mostAhead).toBeLessThanOrEqual(WRITE_AHEAD_BYTES + 2 * chunk.length);
  });
});
