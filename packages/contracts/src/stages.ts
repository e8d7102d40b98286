import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.ts';
import {
  contentTypes,
  MAX_CAROUSEL_IMAGES,
  MAX_CONTENTS_PER_STAGE,
  MAX_NEARBY_RADIUS_M,
  MAX_PLACEMENT_OFFSET_M,
  MAX_SCALE,
  MIN_SCALE,
  STAGE_PAGE_SIZE,
  stageStates,
  utilityKinds,
} from './stage-rules.ts';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, optionalText, paramText, queryNumber, requiredText } from './validation.ts';

export const MAX_ANCHOR_ID_LENGTH = 200;
export const MIN_ALTITUDE_M = -500;
export const MAX_ALTITUDE_M = 9000;

export const stageStateSchema = z.enum(stageStates, { error: `State must be one of ${stageStates.join(', ')}` });
export const contentTypeSchema = z.enum(contentTypes, { error: `type must be one of ${contentTypes.join(', ')}` });
export const utilityKindSchema = z.enum(utilityKinds, { error: `utility must be one of ${utilityKinds.join(', ')}` });

const bounded = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a number from ${min} to ${max}` });

const vector = (field: string, min: number, max: number) =>
  z.tuple([bounded(`${field} x`, min, max), bounded(`${field} y`, min, max), bounded(`${field} z`, min, max)], {
    error: `${field} must be three numbers [x, y, z]`,
  });

/** Where a piece of content sits relative to the anchor: metres (y up), degrees, and a factor per axis. */
const placementShape = {
  position: vector('position', -MAX_PLACEMENT_OFFSET_M, MAX_PLACEMENT_OFFSET_M),
  rotation: vector('rotation', -360, 360),
  scale: vector('scale', MIN_SCALE, MAX_SCALE),
};
const vector3 = z.tuple([z.number(), z.number(), z.number()]);

const assetId = z.uuid({ error: 'assetId must be the id of one of your assets' });
const contentName = optionalText(MAX_NAME_LENGTH);

/** One piece of content as the partner places it: a file or 3D asset of theirs, or a special utility. */
export const stageContentInputSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('Image'), name: contentName, assetId, ...placementShape }),
    z.strictObject({ type: z.literal('Video'), name: contentName, assetId, ...placementShape }),
    z.strictObject({ type: z.literal('Asset3D'), name: contentName, assetId, ...placementShape }),
    z.strictObject({ type: z.literal('Utility'), name: contentName, utility: utilityKindSchema, ...placementShape }),
  ],
  { error: `type must be one of ${contentTypes.join(', ')}` },
);
export type StageContentInput = z.infer<typeof stageContentInputSchema>;

/** `POST /api/Stage` and `PUT /api/Stage/{id}`: the whole stage, its place and what it shows. */
export const stageBodySchema = z.strictObject({
  name: requiredText('Please input the stage name', MAX_NAME_LENGTH),
  description: optionalText(MAX_TEXT_LENGTH, { multiline: true }),
  latitude: bounded('latitude', -90, 90),
  longitude: bounded('longitude', -180, 180),
  altitude: bounded('altitude', MIN_ALTITUDE_M, MAX_ALTITUDE_M).default(0),
  heading: bounded('heading', 0, 360).default(0),
  anchorId: requiredText('Please set the anchor', MAX_ANCHOR_ID_LENGTH),
  contents: z
    .array(stageContentInputSchema)
    .max(MAX_CONTENTS_PER_STAGE, { error: `A stage holds at most ${MAX_CONTENTS_PER_STAGE} contents` })
    .default([]),
});
export type StageBody = z.input<typeof stageBodySchema>;
export type StageInput = z.output<typeof stageBodySchema>;

/** A placed piece of content as it is read back: with the file it shows, resolved when it was placed. */
export const stageContentSchema = z.object({
  id: z.string(),
  type: contentTypeSchema,
  name: z.string(),
  assetId: z.string().nullable(),
  utility: utilityKindSchema.nullable(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  position: vector3,
  rotation: vector3,
  scale: vector3,
});
export type StageContent = z.infer<typeof stageContentSchema>;

/** `POST /api/Stage/VerticalCarousel`: images shown one above another as one carousel at one place. */
export const carouselBodySchema = z.strictObject({
  stageId: z.uuid({ error: 'stageId must be the id of one of your stages' }),
  name: optionalText(MAX_NAME_LENGTH),
  images: z
    .array(assetId)
    .min(1, { error: 'A vertical carousel needs at least one image' })
    .max(MAX_CAROUSEL_IMAGES, { error: `A vertical carousel holds at most ${MAX_CAROUSEL_IMAGES} images` }),
  ...placementShape,
});
export type CarouselBody = z.input<typeof carouselBodySchema>;
export type CarouselInput = z.output<typeof carouselBodySchema>;
/** `PUT /api/Stage/VerticalCarousel/{id}`: the same, on the carousel's own stage. */
export const carouselUpdateBodySchema = carouselBodySchema.omit({ stageId: true });
export type CarouselUpdateInput = z.output<typeof carouselUpdateBodySchema>;

export const carouselImageSchema = z.object({
  assetId: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});

export const verticalCarouselSchema = z.object({
  id: z.string(),
  stageId: z.string(),
  name: z.string(),
  images: z.array(carouselImageSchema),
  position: vector3,
  rotation: vector3,
  scale: vector3,
});
export type VerticalCarousel = z.infer<typeof verticalCarouselSchema>;

export const stageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number(),
  heading: z.number(),
  anchorId: z.string(),
  contents: z.array(stageContentSchema),
  verticalCarousels: z.array(verticalCarouselSchema),
  /** Published turns to Expired the moment its month ends, whether or not the expiry job has run yet. */
  state: stageStateSchema,
  publishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stage = z.infer<typeof stageSchema>;
export const stagePageSchema = pagedSchema(stageSchema);
export type StagePage = z.infer<typeof stagePageSchema>;

/** `GET /api/Stage/Query` (SPEC §7): the partner's stages, most recently changed first. */
export const stageQuerySchema = pageQuerySchema.extend({
  PageSize: pageQuerySchema.shape.PageSize.default(STAGE_PAGE_SIZE),
  State: stageStateSchema.optional(),
});
export type StageQuery = z.infer<typeof stageQuerySchema>;

export const stageParamsSchema = z.object({ id: paramText(80) });

/** What a partner can place: their released 3D models, and the images and videos uploaded for stages. */
export const assetTypes = ['Asset3D', 'Image', 'Video'] as const;
export const assetTypeSchema = z.enum(assetTypes, { error: `Type must be one of ${assetTypes.join(', ')}` });
export const assetSchema = z.object({
  id: z.string(),
  type: assetTypeSchema,
  name: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;
export const assetPageSchema = pagedSchema(assetSchema);
export type AssetPage = z.infer<typeof assetPageSchema>;

/** `GET /api/Asset/Query` (SPEC §7: the web app asks with PageSize -1). */
export const assetQuerySchema = pageQuerySchema.extend({
  PageSize: pageQuerySchema.shape.PageSize.default(-1),
  Type: assetTypeSchema.optional(),
});
export type AssetQuery = z.infer<typeof assetQuerySchema>;

/** `GET {game host}/api/Stage/Nearby`: what the AR app shows around a place. */
export const nearbyQuerySchema = z.object({
  lat: queryNumber({ min: -90, max: 90, error: 'lat must be a latitude from -90 to 90' }),
  lng: queryNumber({ min: -180, max: 180, error: 'lng must be a longitude from -180 to 180' }),
  radius: queryNumber({
    min: 1,
    max: MAX_NEARBY_RADIUS_M,
    error: `radius must be 1 to ${MAX_NEARBY_RADIUS_M} metres`,
    fallback: 1000,
  }),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

export const nearbyStageSchema = stageSchema
  .pick({
    id: true,
    name: true,
    description: true,
    latitude: true,
    longitude: true,
    altitude: true,
    heading: true,
    anchorId: true,
    contents: true,
    verticalCarousels: true,
    expiresAt: true,
  })
  .extend({ distance: z.number() });
export type NearbyStage = z.infer<typeof nearbyStageSchema>;
export const nearbyResponseSchema = z.object({ data: z.array(nearbyStageSchema) });
export type NearbyResponse = z.infer<typeof nearbyResponseSchema>;

/** `POST /api/Stage/Media`: one image or video uploaded to place on stages. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_EXTENSIONS = ['.mp4', '.webm'] as const;
