import { inArray } from 'drizzle-orm';
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
