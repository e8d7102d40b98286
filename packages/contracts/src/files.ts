import { z } from 'zod';
import { platformBudgetResultSchema } from './build-budgets.ts';
import { paramText } from './validation.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The widest and tallest image accepted, in pixels. The largest image the portal shows is a cover at 800 px, so
 * 4096 leaves room for any camera or design export while bounding what one upload costs to decode.
 */
export const IMAGE_MAX_SIDE = 4096;
export const BUILD_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
export const BUILD_EXTENSIONS = ['.ab', '.glb'] as const;
/** Files one multipart request may carry on the Multiple endpoints. */
export const MAX_FILES_PER_REQUEST = 10;

/** The file host's upload endpoints (SPEC §7). Detail names each result after its multipart field. */
export const UPLOAD_PATHS = {
  single: '/FileUpload/Single/Query',
  multiple: '/FileUpload/Multiple/Query',
  detail: '/FileUpload/Multiple/Detail/Query',
} as const;

/** The multipart field names the 3D model form uploads its images under, on the Detail endpoint (SPEC §7). */
export const MODEL_IMAGE_PARTS = { icon: 'avatar', cover: 'coverThumbnailUrl' } as const;

export const fileMessages = {
  imageFormat: 'Avatar picture must be JPG or PNG format!',
  imageSize: 'Image must be smaller than 5 MB!',
  imageDimensions: `Image must be at most ${IMAGE_MAX_SIDE} × ${IMAGE_MAX_SIDE} pixels!`,
  buildFormat: 'File must be AB or GLB format!',
  buildSize: 'File must be smaller than 50 MB!',
} as const;

/** One stored upload. Images come with icon, medium and small variants; builds have none. */
export const uploadedFileSchema = z.object({
  name: z.string(),
  origin: z.string(),
  icon: z.string().nullable(),
  medium: z.string().nullable(),
  small: z.string().nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadResponseSchema = z.array(uploadedFileSchema);
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

export const isImageFileName = (fileName: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
export const isBuildFileName = (fileName: string) =>
  (BUILD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));

/** What the file host found in a build: a summary per format and the findings a partner should act on. */
export const buildFindingSchema = z.object({
  level: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  /** Who found it: our reading of the headers, or the Khronos reference validator. Absent in older reports: ours. */
  source: z.enum(['inspector', 'validator']).optional(),
  /** Where in the glTF, as a JSON pointer (`/meshes/0/primitives/0`), when the validator says. */
  pointer: z.string().optional(),
});
export type BuildFinding = z.infer<typeof buildFindingSchema>;

const vector3 = z.tuple([z.number(), z.number(), z.number()]);

export const glbSummarySchema = z.object({
  gltfVersion: z.string().nullable(),
  generator: z.string().nullable(),
  meshes: z.number().int(),
  primitives: z.number().int(),
  triangles: z.number().int(),
  vertices: z.number().int(),
  materials: z.number().int(),
  textures: z.number().int(),
  animations: z.number().int(),
  nodes: z.number().int(),
  extensionsRequired: z.array(z.string()),
  /** Size of the union of the mesh bounds in metres, before node transforms. */
  dimensions: vector3.nullable(),
});
export type GlbSummary = z.infer<typeof glbSummarySchema>;

export const assetBundleSummarySchema = z.object({
  signature: z.string(),
  formatVersion: z.number().int().nullable(),
  unityVersion: z.string().nullable(),
});
export type AssetBundleSummary = z.infer<typeof assetBundleSummarySchema>;

/** Validator messages a report keeps; the rest are counted in `omitted`. */
export const VALIDATION_MESSAGES_KEPT = 100;

/**
 * The reference validator's run on a .glb, after the upload is stored: `pending` until it is done, `failed` (with
 * `failure`, and a warning finding) when it crashed or ran out of time. A failed run does not hold a build back.
 */
export const buildValidationSchema = z.object({
  state: z.enum(['pending', 'done', 'failed']),
  validatorVersion: z.string().nullable(),
  /** What the validator counted, infos and hints included (the report keeps only errors and warnings). */
  counts: z
    .object({
      errors: z.number().int(),
      warnings: z.number().int(),
      infos: z.number().int(),
      hints: z.number().int(),
    })
    .nullable(),
  /** Errors and warnings reported but not kept among the findings. */
  omitted: z.number().int(),
  /** Why it failed; null otherwise. */
  failure: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BuildValidation = z.infer<typeof buildValidationSchema>;

export const buildReportSchema = z.object({
  format: z.enum(['glb', 'assetbundle']),
  size: z.number().int(),
  glb: glbSummarySchema.nullable(),
  assetBundle: assetBundleSummarySchema.nullable(),
  findings: z.array(buildFindingSchema),
  /** The reference validator's run: null for AssetBundles, absent in reports from before it ran. */
  validation: buildValidationSchema.nullable().optional(),
  /**
   * Each platform's budgets against the build, as configured when it was judged: null while the validation is
   * pending; an AssetBundle is judged on its file size only.
   */
  budgets: z.array(platformBudgetResultSchema).nullable().optional(),
});
export type BuildReport = z.infer<typeof buildReportSchema>;

/** `GET /FileUpload/Report`: a stored build's report, with the name of the file as it was uploaded. */
export const buildReportResponseSchema = buildReportSchema.extend({ fileName: z.string() });
export type BuildReportResponse = z.infer<typeof buildReportResponseSchema>;

export const buildReportQuerySchema = z.object({ url: paramText(500).min(1) });

/** `/files/{key}`: a stored file's key. */
export const storedFileParamsSchema = z.object({ '*': paramText(300) });

/**
 * `/files/{key}?expires&signature`: a signed URL's grant (Unix seconds, hex HMAC). Anything malformed reads as
 * no grant, so a tampered URL answers as an unsigned one does: 404 for a build.
 */
export const storedFileQuerySchema = z.object({
  expires: z.string().max(16).optional().catch(undefined),
  signature: z.string().max(128).optional().catch(undefined),
});
/** How long the AR app may read a 3D model a stage shows, from the nearby answer that carried it. */
export const STAGE_CONTENT_URL_TTL_MS = 60 * 60 * 1000;
/** How long a live item's build URLs answer, from the read that gave them to a player. */
export const LIVE_BUILD_URL_TTL_MS = 15 * 60 * 1000;
