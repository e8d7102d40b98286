import { z } from 'zod';

/** `PageIndex` starts at 1; `PageSize` -1 asks for every row (exports). */
export const pageQuerySchema = z.object({
  PageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  PageSize: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= 100), { error: 'PageSize must be -1 or 1 to 100' })
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalCount: z.number().int() });
}

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export const imageRefSchema = z.object({ url: z.string() });
export type ImageRef = z.infer<typeof imageRefSchema>;

export * from './money.ts';
