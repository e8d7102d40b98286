import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The walls `npm run lint` holds the server to (.dependency-cruiser.cjs at the repository's root). */
const { forbidden } = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

/** A server tree in miniature: each file named for the import it makes, allowed or not. */
const SAMPLE: Record<string, string> = {
  'lib/ok.ts': 'export const ok = 1;\n',
  // shared code reaching up into a module
  'lib/reaches-up.ts': "import { catalogFace } from '../modules/catalog/service.ts';\nexport const up = catalogFace;\n",
  'db/schema/access.ts': 'export const users = 1;\n',
  'db/schema/catalog.ts': 'export const products = 1;\n',
  'modules/access/service.ts': "import { ok } from '../../lib/ok.ts';\nexport const accessFace = ok;\n",
  'modules/access/repository.ts': "import { users } from '../../db/schema/access.ts';\nexport const own = users;\n",
  // a lower module using a higher one
  'modules/access/uses-catalog.ts':
    "import { catalogFace } from '../catalog/service.ts';\nexport const up = catalogFace;\n",
  'modules/catalog/service.ts':
    "import { accessFace } from '../access/service.ts';\nexport const catalogFace = accessFace;\n",
  // another module's internals, and another module's tables
  'modules/catalog/repository.ts':
    "import { own } from '../access/repository.ts';\nimport { users } from '../../db/schema/access.ts';\nexport const rows = [own, users];\n",
  // neighbours in one layer
  'modules/income/service.ts':
    "import { stagesFace } from '../stages/service.ts';\nexport const incomeFace = stagesFace;\n",
  'modules/stages/service.ts': 'export const stagesFace = 1;\n',
  // a cycle
  'lib/ping.ts': "import { pong } from './pong.ts';\nexport const ping = () => pong;\n",
  'lib/pong.ts': "import { ping } from './ping.ts';\nexport const pong = () => ping;\n",
  // the tables outside any module
  'plugins/reads-tables.ts': "import { products } from '../db/schema/catalog.ts';\nexport const all = products;\n",
  // a module reaching for the demo
  'demo/assets.ts': 'export const demo = 1;\n',
  'modules/stages/uses-demo.ts': "import { demo } from '../../demo/assets.ts';\nexport const seeded = demo;\n",
  // tests are outside the walls
  'modules/access/access.test.ts': "import { rows } from '../catalog/repository.ts';\nexport const seen = rows;\n",
};

describe('the server boundaries lint', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'boundaries-'));
    for (const [file, text] of Object.entries(SAMPLE)) {
      const at = path.join(root, 'apps/server/src', file);
      await mkdir(path.dirname(at), { recursive: true });
      await writeFile(at, text);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('refuses each forbidden import of a sample tree, and nothing else', async () => {
    const result = await cruise(
      ['apps/server/src'],
      { baseDir: root, validate: true, ruleSet: { forbidden }, tsPreCompilationDeps: true },
      { extensions: ['.ts'] },
    );
    if (typeof result.output === 'string') throw new Error('the cruise answered text');
    const found = result.output.summary.violations
      .map(
        ({ rule, from, to }) =>
          `${rule.name}: ${from.replace('apps/server/src/', '')} → ${to.replace('apps/server/src/', '')}`,
      )
      .sort();
    expect(found).toEqual(
      [
        'shared-imports-no-module: lib/reaches-up.ts → modules/catalog/service.ts',
        'layers-access: modules/access/uses-catalog.ts → modules/catalog/service.ts',
        'module-face-only: modules/catalog/repository.ts → modules/access/repository.ts',
        'own-tables-only: modules/catalog/repository.ts → db/schema/access.ts',
        'layers-income: modules/income/service.ts → modules/stages/service.ts',
        'no-cycles: lib/ping.ts → lib/pong.ts',
        'modules-import-no-composition: modules/stages/uses-demo.ts → demo/assets.ts',
        'schema-only-in-repositories: plugins/reads-tables.ts → db/schema/catalog.ts',
      ].sort(),
    );
  });
});
