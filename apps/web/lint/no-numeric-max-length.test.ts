// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const root = path.resolve(here, '../../..');
const plugin = path.join(here, 'no-numeric-max-length.grit');
const biome = path.join(root, 'node_modules/.bin/biome');

/** Lints the fixture with the plugin alone, in a folder of its own (the repository's config skips fixtures). */
function lintFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'max-length-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({ root: true, plugins: [plugin], linter: { rules: { recommended: false } } }),
  );
  copyFileSync(path.join(here, 'fixtures/numeric-max-length.tsx'), path.join(dir, 'fixture.tsx'));
  try {
    execFileSync(biome, ['lint', '--max-diagnostics=50', 'fixture.tsx'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}${stderr}`;
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('no-numeric-max-length', () => {
  it('flags a number written as a field limit, and lets a named limit pass', () => {
    const output = lintFixture();
    const flagged = [...output.matchAll(/fixture\.tsx:(\d+):\d+ plugin/g)].map((match) => Number(match[1]));
    expect(flagged).toEqual([6]);
    expect(output).toContain('use the MAX_* constant from @portal/contracts');
  }, 60_000);

  it('is switched on for every source file of the web app', () => {
    const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as {
      overrides: Array<{ includes: string[]; plugins?: string[] }>;
    };
    const web = config.overrides.find((override) => override.includes.includes('apps/web/src/**'));
    expect(web?.plugins).toContain('./apps/web/lint/no-numeric-max-length.grit');
  });
});
