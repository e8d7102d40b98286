import type { VersionState } from './version-rules.ts';

/** For the rules' tests: version 1 in the testing slot, being prepared, with both builds, changed by `overrides`. */
export const versionState = (overrides: Partial<VersionState> = {}): VersionState => ({
  id: 'v',
  number: 1,
  slot: 'testing',
  reviewStatus: 'PrepareForSubmission',
  status: 'Active',
  iosAssetUrl: '/files/a/origin.ab',
  androidAssetUrl: '/files/b/origin.glb',
  releasedAt: null,
  releaseOnAcceptance: true,
  isLive: false,
  ...overrides,
});
