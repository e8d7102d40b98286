import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import cliPackage from '../package.json' with { type: 'json' };

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(cliDir, '..', '..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every file under `dir`, relative to it, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

// What a partner does with the tarball: a global install on a machine with no repository, then `lumora`.
describe('the packed CLI, installed globally', () => {
  let dir: string;
  let prefix: string;
  let install: Run;
  /** Runs the installed `lumora` with only the prefix's bin and Node on the PATH, outside the repository. */
  const lumora = (args: string[]) =>
    run(path.join(prefix, 'bin', 'lumora'), args, {
      cwd: dir,
      env: { PATH: [path.join(prefix, 'bin'), path.dirname(process.execPath)].join(path.delimiter), HOME: dir },
    });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lumora-packed-'));
    prefix = path.join(dir, 'prefix');
    const pack = await run('npm', ['pack', '--workspace', '@portal/cli', '--pack-destination', dir], {
      cwd: repoRoot,
    });
    if (pack.code !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
    const [tarball] = (await readdir(dir)).filter((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack wrote no tarball: ${pack.stdout}`);
    // offline with an empty cache: a dependency that the bundle does not carry fails the install
    install = await run(
      'npm',
      [
        'install',
        '--global',
        path.join(dir, tarball),
        '--prefix',
        prefix,
        '--offline',
        '--cache',
        path.join(dir, 'cache'),
        '--no-audit',
        '--no-fund',
      ],
      { cwd: dir },
    );
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('installs from the tarball alone: no registry, no repository, no dependency to fetch', async () => {
    expect(install.stderr).not.toMatch(/ENOTCACHED|ERR!|npm error/);
    expect(install.code).toBe(0);
    const installed = path.join(prefix, 'lib', 'node_modules', '@portal', 'cli');
    expect(await listFiles(installed)).toEqual(['bin/lumora.js', 'dist/lumora.js', 'package.json']);
  });

  it('answers lumora --help with the commands', async () => {
    const help = await lumora(['--help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: lumora \[options\] \[command\]/);
    for (const command of ['login', 'items', 'status', 'version', 'upload', 'submit', 'release']) {
      expect(help.stdout).toMatch(new RegExp(`^ {2}${command}\\b`, 'm'));
    }
  });

  it("answers lumora --version with the package's version", async () => {
    const version = await lumora(['--version']);
    expect(version.stderr).toBe('');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(cliPackage.version);
  });
});
