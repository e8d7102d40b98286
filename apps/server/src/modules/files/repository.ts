import type { BuildReport } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export async function insertStoredFiles(db: Executor, rows: Array<typeof storedFiles.$inferInsert>) {
  await db.insert(storedFiles).values(rows);
}

export async function selectStoredFilesByKeys(db: Executor, keys: string[]): Promise<StoredFileRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(storedFiles).where(inArray(storedFiles.key, keys));
}

/** Deletes the owner's rows among `keys`; answers the keys it deleted. */
export async function deleteStoredFiles(db: Executor, ownerId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.ownerId, ownerId), inArray(storedFiles.key, keys)))
    .returning({ key: storedFiles.key });
  return rows.map((row) => row.key);
}

/** Keys of the builds whose validation has yet to run (or was cut off by a stop). */
export async function selectPendingValidationKeys(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.kind, 'build'), sql`${storedFiles.report} -> 'validation' ->> 'state' = 'pending'`))
    .orderBy(storedFiles.createdAt);
  return rows.map((row) => row.key);
}

/** Stores a build's validated report, unless its validation was already finished (by another node). */
export async function updatePendingReport(db: Executor, key: string, report: BuildReport): Promise<boolean> {
  const rows = await db
    .update(storedFiles)
    .set({ report })
    .where(and(eq(storedFiles.key, key), sql`${storedFiles.report} -> 'validation' ->> 'state' = 'pending'`))
    .returning({ key: storedFiles.key });
  return rows.length > 0;
}
