import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../db/client.ts';
import { prepareDatabase } from '../seed.ts';
import { testConfig } from './config.ts';

/** Migrates and seeds one in-memory PGlite, and dumps it: every test file starts from a copy. */
export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await prepareDatabase(database, testConfig());
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `portal-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
}
