import { z } from 'zod';
import { imageRefSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { displayCorrections } from './display-corrections.ts';
import { int4, messages, noControlChars, paramText, requiredText } from './validation.ts';

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_PRICE = 99_999.99;
/** The name of a game or 3D model. */
export const MAX_ITEM_NAME_LENGTH = 100;
/** The description of a game or 3D model. */
export const MAX_ITEM_DESCRIPTION_LENGTH = 5000;
/** A game's short introduction. */
export const MAX_GAME_INTRODUCE_LENGTH = 500;
export const MY_PROJECTS_PAGE_SIZE = 8;

export const catalogMessages = {
  nameRequired: 'Please input project name',
  iconRequired: 'Please upload thumbnail',
  coverRequired: 'Please upload cover image',
  validValue: 'Please input a valid value',
  digits: 'Please input digits',
  nonNegative: 'Must be non negative',
  minAboveMax: 'Must be less than maximum number of players',
  maxBelowMin: 'Must be greater than minimum number of players',
  categoryRequired: 'Please input category',
  tooManyTags: `At most ${MAX_TAGS} tags`,
  tagTooLong: `Each tag must be at most ${MAX_TAG_LENGTH} characters`,
  created: 'create successfully',
  updated: 'update successfully',
  deleted: 'delete successfully',
} as const;

/** Tags as the partner typed them → spaces removed, blanks and duplicates dropped (first spelling kept). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const compact = tag.replace(/\s+/g, '');
    const key = compact.toLowerCase();
    if (!compact || seen.has(key)) continue;
    seen.add(key);
    result.push(compact);
  }
  return result;
}

/** Why a normalized tag list breaks the limits (20 tags, 40 characters each), if it does. */
export function tagsLimitError(tags: readonly string[]): string | undefined {
  if (tags.length > MAX_TAGS) return catalogMessages.tooManyTags;
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return catalogMessages.tagTooLong;
  return undefined;
}

/**
 * What typing `typed` (one tag, or several separated by commas) into a tag list leads to: each typed tag as it will
 * be stored, the list after adding them, and why that list is refused, if it is.
 */
export function addTypedTags(current: readonly string[], typed: string) {
  const tags = normalizeTags([...current, ...typed.split(',')]);
  const known = new Set(current.map((tag) => tag.toLowerCase()));
  const typedTags = normalizeTags(typed.split(','));
  return {
    tags,
    typed: typedTags,
    duplicates: typedTags.filter((tag) => known.has(tag.toLowerCase())),
    error: tagsLimitError(tags),
  };
}

export const tagsSchema = z
  .array(z.string().max(200).check(noControlChars()), { error: 'tags must be a list of names' })
  .max(100)
  .default([])
  .transform(normalizeTags)
  .superRefine((tags, ctx) => {
    const error = tagsLimitError(tags);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

/** US dollars with at most two decimals, not negative. */
export const priceSchema = z
  .number({ error: catalogMessages.validValue })
  .min(0, { error: catalogMessages.validValue })
  .max(MAX_PRICE, { error: catalogMessages.validValue })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: catalogMessages.validValue });

const playersSchema = z
  .number({ error: catalogMessages.digits })
  .int({ error: catalogMessages.digits })
  .min(1, { error: catalogMessages.nonNegative })
  .max(10_000, { error: catalogMessages.validValue });

const imageUrl = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).max(500).check(noControlChars());

const name = requiredText(catalogMessages.nameRequired, MAX_ITEM_NAME_LENGTH);

const description = z
  .string()
  .trim()
  .max(MAX_ITEM_DESCRIPTION_LENGTH, { error: messages.tooLong(MAX_ITEM_DESCRIPTION_LENGTH) })
  .check(noControlChars({ multiline: true }))
  .default('');

export const productBodySchema = z
  .strictObject({
    name,
    description,
    introduce: z
      .string()
      .trim()
      .max(MAX_GAME_INTRODUCE_LENGTH, { error: messages.tooLong(MAX_GAME_INTRODUCE_LENGTH) })
      .check(noControlChars({ multiline: true }))
      .default(''),
    tokensToPlay: z
      .number({ error: catalogMessages.validValue })
      .int({ error: catalogMessages.validValue })
      .min(0, { error: catalogMessages.validValue })
      .max(1_000_000, { error: catalogMessages.validValue }),
    minNumberOfPlayers: playersSchema,
    maxNumberOfPlayers: playersSchema,
    price: priceSchema,
    tags: tagsSchema,
    iconUrl: imageUrl(catalogMessages.iconRequired),
    thumbnailUrl: imageUrl(catalogMessages.iconRequired),
    smallThumbnailUrl: imageUrl(catalogMessages.iconRequired),
    coverThumbnailUrl: imageUrl(catalogMessages.coverRequired),
  })
  .refine((p) => p.minNumberOfPlayers <= p.maxNumberOfPlayers, {
    path: ['minNumberOfPlayers'],
    error: catalogMessages.minAboveMax,
  });
export type ProductBody = z.input<typeof productBodySchema>;
export type ProductInput = z.output<typeof productBodySchema>;

export const modelBodySchema = z.strictObject({
  name,
  description,
  price: priceSchema,
  categoryId: int4({ error: catalogMessages.categoryRequired }),
  tags: tagsSchema,
  iconUrl: imageUrl(catalogMessages.iconRequired),
  thumbnailUrl: imageUrl(catalogMessages.iconRequired),
  smallThumbnailUrl: imageUrl(catalogMessages.iconRequired),
  coverThumbnailUrl: imageUrl(catalogMessages.coverRequired),
});
export type ModelBody = z.input<typeof modelBodySchema>;
export type ModelInput = z.output<typeof modelBodySchema>;

/** The status a project shows on My Projects, derived from its testing and release versions. */
export const projectStatuses = [
  'Draft',
  'InTesting',
  'WaitingReview',
  'UnderReview',
  'ReadyToRelease',
  'Released',
  'Rejected',
  'TakenDown',
] as const;
export const projectStatusSchema = z.enum(projectStatuses);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;
/**
 * A project's status as it shows; where it is its release version's review status, in the version's own words
 * (`reviewStatusLabels`, SPEC §4), so that Detail's header and its version panel never name one status twice.
 */
export const projectStatusLabels: Record<ProjectStatus, string> = {
  Draft: 'Draft',
  InTesting: 'In Testing',
  WaitingReview: displayCorrections.submittedWaitingReview.shown,
  UnderReview: 'Under Reviewing',
  ReadyToRelease: 'Ready To Release',
  Released: 'Released',
  Rejected: 'Rejected',
  TakenDown: 'Taken Down',
};

export const modelCategorySchema = z.object({ categoryId: z.number().int(), categoryName: z.string() });
export type ModelCategory = z.infer<typeof modelCategorySchema>;
export const modelCategoryListSchema = z.object({ data: z.array(modelCategorySchema) });

const tagRefSchema = z.object({ name: z.string() });

const catalogItemBase = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  tags: z.array(tagRefSchema),
  icon: imageRefSchema,
  thumbnail: imageRefSchema,
  smallThumbnail: imageRefSchema,
  coverThumbnail: imageRefSchema,
  status: projectStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const productSchema = z.object({
  ...catalogItemBase,
  introduce: z.string(),
  minNumberOfPlayers: z.number().int(),
  maxNumberOfPlayers: z.number().int(),
  tokensToPlay: z.number().int(),
  category: modelCategorySchema.nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const modelSchema = z.object({
  ...catalogItemBase,
  category: modelCategorySchema,
});
export type Model = z.infer<typeof modelSchema>;

export const productPageSchema = pagedSchema(productSchema);
export type ProductPage = z.infer<typeof productPageSchema>;
export const modelPageSchema = pagedSchema(modelSchema);
export type ModelPage = z.infer<typeof modelPageSchema>;

export const catalogPageQuerySchema = pageQuerySchema.extend({
  PageSize: pageQuerySchema.shape.PageSize.default(MY_PROJECTS_PAGE_SIZE),
});

export const itemIdParamsSchema = z.object({ id: paramText(64) });
