import { z } from 'zod';
import { imageRefSchema, listSchema, pagedSchema } from './common.ts';
import { staticTextTypes } from './content-texts.ts';
import { formatPriceCents } from './money.ts';
import { emailSchema, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, optionalText, paramText, requiredText } from './validation.ts';

export * from './content-texts.ts';

export const faqSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  order: z.number().int(),
});
export type Faq = z.infer<typeof faqSchema>;
export const faqListResponseSchema = listSchema(faqSchema);
export type FaqListResponse = z.infer<typeof faqListResponseSchema>;

/** An SDK document; `url` serves its markdown. */
export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
});
export type SdkDocument = z.infer<typeof documentSchema>;
export const documentListResponseSchema = listSchema(documentSchema);
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;
export const documentIdParamsSchema = z.object({ id: paramText(64) });
/** `/sdk-docs/{file}`: a document's markdown by its slug. */
export const sdkDocumentParamsSchema = z.object({ file: paramText(80) });
export const localizationParamsSchema = z.object({ culture: paramText(16) });

export const settingsSchema = z.object({
  /** Dollars per month (two decimals); stored as cents. */
  partnerSubscriptionUnitPricePermonth: z.number(),
  /** "x.xx USD", or "Free" when the price is not above 0. */
  pricePermonthToString: z.string(),
  gameSdkFileUrl: z.string(),
  vpsAppOfMacOsFileUrl: z.string(),
  partnerContactEmail: z.string(),
  officialSiteUrl: z.string(),
  socialPageUrl: z.string(),
  iosAppUrl: z.string(),
  androidAppUrl: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The placement subscription's price per month (`pricePermonthToString`). */
export const formatMonthlyPrice = formatPriceCents;

export const staticTextTypeSchema = z.enum(staticTextTypes);

export const staticQuerySchema = z.object({
  type: paramText(64),
  culture: paramText(16).default('en-US'),
});
export const staticTextSchema = z.object({
  type: staticTextTypeSchema,
  culture: z.string(),
  title: z.string(),
  /** Markdown. */
  content: z.string(),
  updatedAt: z.string(),
});
export type StaticText = z.infer<typeof staticTextSchema>;

export const contactMessages = {
  nameRequired: 'Please input name',
  descriptionRequired: 'Please input description',
  sent: 'Your partnership enquiry have been sent, we will get back you soon, thanks!',
} as const;

export const MAX_COMPANY_LENGTH = 200;
export const MAX_PHONE_NUMBER_LENGTH = 40;

export const contactBodySchema = z.strictObject({
  name: requiredText(contactMessages.nameRequired, MAX_NAME_LENGTH),
  company: optionalText(MAX_COMPANY_LENGTH),
  phoneNumber: optionalText(MAX_PHONE_NUMBER_LENGTH),
  email: emailSchema,
  description: requiredText(contactMessages.descriptionRequired, MAX_TEXT_LENGTH, { multiline: true }),
});
export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactEnquiry = z.output<typeof contactBodySchema>;

/** A released game or 3D model: the public details a visitor may see, never its owner or its builds. */
export const recentProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['Product', 'Model']),
  thumbnail: imageRefSchema,
  icon: imageRefSchema,
  coverThumbnail: imageRefSchema,
  /** A game's introduce; a 3D model's description. */
  introduce: z.string(),
  /** US dollars. */
  price: z.number(),
});
export type RecentProduct = z.infer<typeof recentProductSchema>;
export const recentProductsResponseSchema = pagedSchema(recentProductSchema);
export type RecentProductsResponse = z.infer<typeof recentProductsResponseSchema>;

export const RECENT_PROJECTS_PAGE_SIZE = 4;
