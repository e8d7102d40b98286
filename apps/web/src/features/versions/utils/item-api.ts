import type { CatalogItemType, ModelVersion, ProductVersion, VersionState } from '@portal/contracts';

export type AnyVersion = ProductVersion | ModelVersion;

export { apiBase } from '../../../lib/item-api.ts';

export const versionNumberOf = (version: AnyVersion) =>
  'productVersion' in version ? version.productVersion : version.modelVersion;

export const versionsQueryKey = (type: CatalogItemType, itemId: string) => ['versions', type, itemId] as const;
export const versionQueryKey = (type: CatalogItemType, versionId: string) => ['version', type, versionId] as const;

/** A version as the shared rules of DESIGN §3 see it. */
export const versionState = (version: AnyVersion): VersionState => ({
  id: version.id,
  number: versionNumberOf(version),
  slot: version.slot,
  reviewStatus: version.reviewStatus,
  status: version.status,
  iosAssetUrl: version.iosAssetUrl,
  androidAssetUrl: version.androidAssetUrl,
  releasedAt: version.releasedAt,
  releaseOnAcceptance: version.releaseOnAcceptance,
  isLive: version.isLive,
});

type AssetUrlKey = 'iosAssetUrl' | 'androidAssetUrl' | 'visionOSAssetUrl' | 'macOSAssetUrl';

/** The four platforms a version carries a build for; iOS and Android are required to submit. */
export const BUILD_PLATFORMS = [
  { key: 'ios', label: 'iOS', urlKey: 'iosAssetUrl', isRequired: true },
  { key: 'android', label: 'Android', urlKey: 'androidAssetUrl', isRequired: true },
  { key: 'visionOS', label: 'VisionOS', urlKey: 'visionOSAssetUrl', isRequired: false },
  { key: 'macOS', label: 'MacOS', urlKey: 'macOSAssetUrl', isRequired: false },
] as const satisfies ReadonlyArray<{ key: string; label: string; urlKey: AssetUrlKey; isRequired: boolean }>;

export type BuildPlatformKey = (typeof BUILD_PLATFORMS)[number]['key'];
