import { z } from 'zod';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BUILD_MAX_BYTES = 50 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;
export const BUILD_EXTENSIONS = ['.ab', '.glb'] as const;
/** Files one multipart request may carry on the Multiple endpoints. */
export const MAX_FILES_PER_REQUEST = 10;

export const fileMessages = {
  imageFormat: 'Avatar picture must be JPG or PNG format!',
  imageSize: 'Image must be smaller than 5 MB!',
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
