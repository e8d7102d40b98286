import { z } from 'zod';
import { emailSchema } from './validation.ts';

/** How many testers one partner may whitelist. */
export const WHITELIST_MAX_ENTRIES = 100;

export const testerMessages = {
  added: 'Add WhiteList Successfully',
  removed: 'Remove Successfully',
  noUser: 'No user information',
} as const;

export const testerSchema = z.object({
  email: z.string(),
  fullName: z.string(),
  profileUrl: z.string().nullable(),
});
export type Tester = z.infer<typeof testerSchema>;

export const whitelistEntrySchema = z.object({
  id: z.string(),
  user: testerSchema,
  createdAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const whitelistResponseSchema = z.object({ data: z.array(whitelistEntrySchema), totalCount: z.number().int() });
export type WhitelistResponse = z.infer<typeof whitelistResponseSchema>;

export const whitelistAddBodySchema = z.strictObject({ email: emailSchema });
export type WhitelistAddBody = z.infer<typeof whitelistAddBodySchema>;

export const whitelistSearchQuerySchema = z.object({ email: emailSchema });

/** A testing version a whitelisted tester may install, as the test-distribution app lists it. */
export const testerBuildSchema = z.object({
  versionId: z.string(),
  itemType: z.enum(['Product', 'Model']),
  itemId: z.string(),
  itemName: z.string(),
  itemIconUrl: z.string(),
  version: z.number().int(),
  updateLog: z.string(),
  partnerName: z.string(),
  updatedAt: z.string(),
  files: z.object({
    ios: z.string().nullable(),
    android: z.string().nullable(),
    visionOS: z.string().nullable(),
    macOS: z.string().nullable(),
  }),
});
export type TesterBuild = z.infer<typeof testerBuildSchema>;
export const testerBuildsResponseSchema = z.object({ data: z.array(testerBuildSchema) });

/** The platforms a build is made for, in the order SPEC lists them, with their names as the portal shows them. */
export const buildPlatformLabels: Record<keyof TesterBuild['files'], string> = {
  ios: 'iOS',
  android: 'Android',
  visionOS: 'VisionOS',
  macOS: 'MacOS',
};
