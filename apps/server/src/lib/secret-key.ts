import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.ts';

export const SECRET_KEY_FILE = 'secret-key';

/**
 * The server's secret key: SECRET_KEY (required in production), else the one made into the data dir the first time
 * and read from there ever after, readable by this user only. Two processes starting together agree: the key is
 * written whole to a file of its own and linked into place, which only the first link does; the others read it.
 */
export async function resolveSecretKey(config: Pick<AppConfig, 'secretKey' | 'dataDir'>): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  await mkdir(config.dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await rm(draft, { force: true });
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < 32) throw new Error(`${file} holds no key: remove it to have a new one made`);
  return key;
}
