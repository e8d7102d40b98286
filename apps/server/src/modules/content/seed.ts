import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Executor } from '../../db/client.ts';
import * as repo from './repository.ts';
import { seedDocuments } from './seed-data/docs/index.ts';
import { seedFaqs } from './seed-data/faqs.ts';
import { seedLegalTexts } from './seed-data/legal/index.ts';
import { SETTING_KEYS } from './service.ts';

const seedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed-data');

export const defaultSettings: Record<string, string> = {
  [SETTING_KEYS.subscriptionPriceCents]: '999',
  [SETTING_KEYS.gameSdkFileUrl]: '/downloads/lumora-ar-game-sdk-1.17.0.zip',
  [SETTING_KEYS.vpsMacAppUrl]: 'https://downloads.lumora.example/vps/Lumora-VPS-Placement-beta.dmg',
  [SETTING_KEYS.partnerContactEmail]: 'partners@lumora.example',
  [SETTING_KEYS.officialSiteUrl]: 'https://www.lumora.example',
  [SETTING_KEYS.socialPageUrl]: 'https://social.lumora.example/@lumora',
  [SETTING_KEYS.iosAppUrl]: 'https://apps.apple.com/app/lumora-ar/id6450000000',
  [SETTING_KEYS.androidAppUrl]: 'https://play.google.com/store/apps/details?id=com.lumora.ar',
};

/** Content every portal needs (FAQs, SDK documents, legal texts, settings). Inserts only what is missing. */
export async function seedContent(db: Executor): Promise<void> {
  for (const faq of seedFaqs) await repo.upsertSeedFaq(db, faq);
  for (const doc of seedDocuments) {
    const markdown = await readFile(path.join(seedDir, 'docs', doc.file), 'utf8');
    await repo.upsertSeedDocument(db, {
      slug: doc.slug,
      name: doc.name,
      description: doc.description,
      markdown,
      order: doc.order,
    });
  }
  for (const text of seedLegalTexts) {
    const content = await readFile(path.join(seedDir, 'legal', text.file), 'utf8');
    await repo.upsertSeedStaticText(db, { type: text.type, culture: 'en-US', title: text.title, content });
  }
  for (const [key, value] of Object.entries(defaultSettings)) await repo.upsertSeedSetting(db, key, value);
}
