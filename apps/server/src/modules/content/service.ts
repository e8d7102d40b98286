import {
  type ContactEnquiry,
  type DocumentListResponse,
  errorCatalog,
  type FaqListResponse,
  formatMonthlyPrice,
  type LocalizationResponse,
  type SdkDocument,
  type Settings,
  type StaticText,
  staticTextTypeSchema,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import * as repo from './repository.ts';

export const SETTING_KEYS = {
  subscriptionPriceCents: 'subscriptionPriceCentsPerMonth',
  gameSdkFileUrl: 'gameSdkFileUrl',
  vpsMacAppUrl: 'vpsAppOfMacOsFileUrl',
  partnerContactEmail: 'partnerContactEmail',
  officialSiteUrl: 'officialSiteUrl',
  socialPageUrl: 'socialPageUrl',
  iosAppUrl: 'iosAppUrl',
  androidAppUrl: 'androidAppUrl',
} as const;

export const SUPPORTED_CULTURES = ['en-US'] as const;

export interface ContentDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
}

export function createContentService({ db, mailer, config, log }: ContentDeps) {
  const documentUrl = (slug: string) => `${config.hosts.static}/sdk-docs/${slug}.md`;
  const toDocument = (row: { id: string; slug: string; name: string; description: string }): SdkDocument => ({
    id: row.id,
    name: row.name,
    description: row.description,
    url: documentUrl(row.slug),
  });

  async function getSettings(): Promise<Settings> {
    const values = await repo.selectSettings(db);
    const text = (key: string) => values.get(key) ?? '';
    const cents = Number.parseInt(text(SETTING_KEYS.subscriptionPriceCents) || '0', 10) || 0;
    return {
      partnerSubscriptionUnitPricePermonth: cents / 100,
      pricePermonthToString: formatMonthlyPrice(cents),
      gameSdkFileUrl: text(SETTING_KEYS.gameSdkFileUrl),
      vpsAppOfMacOsFileUrl: text(SETTING_KEYS.vpsMacAppUrl),
      partnerContactEmail: text(SETTING_KEYS.partnerContactEmail),
      officialSiteUrl: text(SETTING_KEYS.officialSiteUrl),
      socialPageUrl: text(SETTING_KEYS.socialPageUrl),
      iosAppUrl: text(SETTING_KEYS.iosAppUrl),
      androidAppUrl: text(SETTING_KEYS.androidAppUrl),
    };
  }

  return {
    async listFaqs(): Promise<FaqListResponse> {
      return { data: await repo.selectFaqs(db) };
    },

    async listDocuments(): Promise<DocumentListResponse> {
      const rows = await repo.selectDocuments(db);
      return { data: rows.map(toDocument) };
    },

    async getDocument(id: string): Promise<SdkDocument> {
      const row = isUuid(id) ? await repo.selectDocumentById(db, id) : undefined;
      if (!row) throw new AppError('DocumentNotFound');
      return toDocument(row);
    },

    async getDocumentMarkdown(slug: string): Promise<{ markdown: string; updatedAt: Date }> {
      const row = await repo.selectDocumentMarkdown(db, slug);
      if (!row) throw new AppError('DocumentNotFound');
      return row;
    },

    /** Every document with its markdown, for the static `documentation.html` page. */
    async listDocumentsWithMarkdown() {
      return repo.selectDocumentsWithMarkdown(db);
    },

    getSettings,

    async getStaticText(type: string, culture: string): Promise<StaticText> {
      const parsedType = staticTextTypeSchema.safeParse(type);
      if (!parsedType.success) throw new AppError('StaticTextNotFound');
      const row =
        (await repo.selectStaticText(db, parsedType.data, culture)) ??
        (await repo.selectStaticText(db, parsedType.data, 'en-US'));
      if (!row) throw new AppError('StaticTextNotFound');
      return {
        type: parsedType.data,
        culture: row.culture,
        title: row.title,
        content: row.content,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    getLocalization(culture: string): LocalizationResponse {
      if (!(SUPPORTED_CULTURES as readonly string[]).includes(culture)) throw new AppError('NotFound');
      return Object.fromEntries(Object.entries(errorCatalog).map(([code, entry]) => [code, entry.message]));
    },

    /** Stores the enquiry, then mails it to the partner contact address. */
    async submitContactEnquiry(body: ContactEnquiry) {
      const stored = await repo.insertContactEnquiry(db, {
        name: body.name,
        company: body.company ?? null,
        phoneNumber: body.phoneNumber ?? null,
        email: body.email,
        description: body.description,
      });
      const { partnerContactEmail } = await getSettings();
      if (!partnerContactEmail) {
        log.warn({ enquiryId: stored.id }, 'contact enquiry stored but not mailed: no partner contact email');
        return { id: stored.id, createdAt: stored.createdAt.toISOString() };
      }
      try {
        await mailer.send({
          purpose: 'contact-enquiry',
          to: partnerContactEmail,
          ...renderMail({
            subject: `Partnership enquiry from ${body.name}${body.company ? ` (${body.company})` : ''}`,
            heading: 'A new partnership enquiry',
            paragraphs: [
              [
                `Name: ${body.name}`,
                `Company: ${body.company ?? '-'}`,
                `Phone number: ${body.phoneNumber ?? '-'}`,
                `Email: ${body.email}`,
              ].join('\n'),
              body.description,
            ],
            footer: `Enquiry ${stored.id}, received through the Partner Portal contact form. Reply to ${body.email}.`,
          }),
        });
      } catch (err) {
        log.error({ err, enquiryId: stored.id }, 'contact enquiry stored but the mail failed');
      }
      return { id: stored.id, createdAt: stored.createdAt.toISOString() };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
