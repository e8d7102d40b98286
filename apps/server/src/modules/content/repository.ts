import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactEnquiries, faqs, sdkDocuments, settings, staticTexts } from '../../db/schema/content.ts';

export async function selectFaqs(db: Executor) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, order: faqs.order })
    .from(faqs)
    .orderBy(asc(faqs.order), asc(faqs.question));
}

const documentColumns = {
  id: sdkDocuments.id,
  slug: sdkDocuments.slug,
  name: sdkDocuments.name,
  description: sdkDocuments.description,
};

export async function selectDocuments(db: Executor) {
  return db.select(documentColumns).from(sdkDocuments).orderBy(asc(sdkDocuments.order));
}

export async function selectDocumentsWithMarkdown(db: Executor) {
  return db
    .select({ ...documentColumns, markdown: sdkDocuments.markdown })
    .from(sdkDocuments)
    .orderBy(asc(sdkDocuments.order));
}

export async function selectDocumentById(db: Executor, id: string) {
  const [row] = await db.select(documentColumns).from(sdkDocuments).where(eq(sdkDocuments.id, id));
  return row;
}

export async function selectDocumentMarkdown(db: Executor, slug: string) {
  const [row] = await db
    .select({ markdown: sdkDocuments.markdown, updatedAt: sdkDocuments.updatedAt })
    .from(sdkDocuments)
    .where(eq(sdkDocuments.slug, slug));
  return row;
}

export async function selectStaticText(db: Executor, type: string, culture: string) {
  const [row] = await db
    .select()
    .from(staticTexts)
    .where(and(eq(staticTexts.type, type), eq(staticTexts.culture, culture)));
  return row;
}

export async function selectSettings(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select().from(settings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function insertContactEnquiry(
  db: Executor,
  enquiry: typeof contactEnquiries.$inferInsert,
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(contactEnquiries)
    .values(enquiry)
    .returning({ id: contactEnquiries.id, createdAt: contactEnquiries.createdAt });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function upsertSeedFaq(db: Executor, faq: typeof faqs.$inferInsert) {
  await db.insert(faqs).values(faq).onConflictDoNothing({ target: faqs.key });
}

export async function upsertSeedDocument(db: Executor, doc: typeof sdkDocuments.$inferInsert) {
  await db.insert(sdkDocuments).values(doc).onConflictDoNothing({ target: sdkDocuments.slug });
}

export async function upsertSeedStaticText(db: Executor, text: typeof staticTexts.$inferInsert) {
  await db
    .insert(staticTexts)
    .values(text)
    .onConflictDoNothing({ target: [staticTexts.type, staticTexts.culture] });
}

export async function upsertSeedSetting(db: Executor, key: string, value: string) {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}
