import { type AnyVersion, BUILD_PLATFORMS, type BuildPlatformKey } from './item-api.ts';

type BuildUrlKey = (typeof BUILD_PLATFORMS)[number]['urlKey'];

/** What the Version form holds: the update log and a file (or none) per platform. */
export type VersionDraft = { updateLog: string } & Record<BuildPlatformKey, { origin: string } | null>;

/** The form's build of a platform is not the one the version holds: uploaded, replaced or removed since. */
export const isBuildChanged = (version: AnyVersion, urlKey: BuildUrlKey, file: { origin: string } | null) =>
  (file?.origin ?? null) !== (version[urlKey] || null);

/**
 * What leaving the Version page would lose, in the words of the question asked before it: builds on their way,
 * builds uploaded or removed since the last save, and the update log.
 */
export function unsavedChanges(
  version: AnyVersion,
  draft: VersionDraft,
  uploading: Partial<Record<BuildPlatformKey, boolean>>,
): string[] {
  const builds = BUILD_PLATFORMS.flatMap(({ key, label, urlKey }) => {
    if (uploading[key]) return [`the ${label} build, still uploading: leaving stops the upload`];
    if (!isBuildChanged(version, urlKey, draft[key])) return [];
    return [draft[key] ? `the ${label} build you uploaded` : `the removal of the ${label} build`];
  });
  return draft.updateLog === version.updateLog ? builds : [...builds, 'the update log'];
}
