import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { useBeforeAll } from './suite.ts';

/** A new, empty folder in the system's temporary one, named `portal-<name>-` and a random tail. */
export const makeTempDir = (name: string) => mkdtemp(path.join(os.tmpdir(), `portal-${name}-`));

/** A new temporary folder (as `makeTempDir`) holding `files`, each a path in it and its text. */
export async function makeTempDirWith(name: string, files: Record<string, string>): Promise<string> {
  const dir = await makeTempDir(name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** A temporary folder for a suite: made before its tests, removed with all they wrote after them. */
export const useTempDir = (name: string): { path: string } =>
  useBeforeAll(async () => {
    const dir = await makeTempDir(name);
    return { path: dir, close: () => rm(dir, { recursive: true, force: true }) };
  });
