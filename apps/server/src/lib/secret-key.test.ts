import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { useTempDir } from '../testing/temp-dirs.ts';
import { resolveSecretKey, SECRET_KEY_FILE } from './secret-key.ts';

const temp = useTempDir('secret-key');

describe('the secret key', () => {
  it('is SECRET_KEY when it is set', async () => {
    const secretKey = 'k'.repeat(40);
    expect(await resolveSecretKey({ secretKey, dataDir: temp.path })).toBe(secretKey);
  });

  it('is made once into the data dir otherwise, readable by its owner only, and the same ever after', async () => {
    const dataDir = path.join(temp.path, 'data');
    const together = await Promise.all([1, 2, 3, 4].map(() => resolveSecretKey({ secretKey: undefined, dataDir })));
    expect(new Set(together).size).toBe(1);
    const key = together[0] as string;
    expect(key.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveSecretKey({ secretKey: undefined, dataDir })).toBe(key);
  });

  it('is required in production, and long enough wherever it is given', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        return err.problems;
      }
    };
    expect(problemsOf({ NODE_ENV: 'production' }).join('\n')).toMatch(/SECRET_KEY: required in production/);
    expect(problemsOf({ SECRET_KEY: 'short' }).join('\n')).toMatch(/SECRET_KEY must be at least 32 characters/);
    expect(problemsOf({ NODE_ENV: 'production', SECRET_KEY: 's'.repeat(32) })).toEqual([]);
    expect(loadConfig({}).secretKey).toBeUndefined();
  });
});
