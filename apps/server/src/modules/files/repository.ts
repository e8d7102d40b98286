import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema.ts';

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
