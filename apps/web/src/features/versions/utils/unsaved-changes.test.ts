import type { ProductVersion } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { isBuildChanged, unsavedChanges, type VersionDraft } from './unsaved-changes.ts';

const version: ProductVersion = {
  id: 'v1',
  productVersion: 3,
  slot: 'testing',
  createdAt: '2026-11-20T10:00:00.000Z',
  submittedAt: null,
  reviewStatus: 'PrepareForSubmission',
  status: 'Active',
  updateLog: 'Faster comets.',
  unapproveReason: null,
  takeDownRole: null,
  takeDownReason: null,
  iosAssetUrl: '/files/builds/ios.ab',
  androidAssetUrl: null,
  visionOSAssetUrl: null,
  macOSAssetUrl: null,
  unreadMessageCount: 0,
  releaseOnAcceptance: true,
  releasedAt: null,
  isLive: false,
};

const saved: VersionDraft = {
  updateLog: 'Faster comets.',
  ios: { origin: '/files/builds/ios.ab' },
  android: null,
  visionOS: null,
  macOS: null,
};

describe('unsavedChanges', () => {
  it('finds nothing in the form as the version holds it', () => {
    expect(unsavedChanges(version, saved, {})).toEqual([]);
    expect(unsavedChanges({ ...version, visionOSAssetUrl: '' }, saved, { ios: false })).toEqual([]);
  });

  it('names each build uploaded, removed or on its way, then the update log', () => {
    const draft = { ...saved, ios: null, android: { origin: '/files/builds/android.glb' }, updateLog: 'Slower.' };
    expect(unsavedChanges(version, draft, { macOS: true })).toEqual([
      'the removal of the iOS build',
      'the Android build you uploaded',
      'the MacOS build, still uploading: leaving stops the upload',
      'the update log',
    ]);
  });

  it('tells a replaced build from the saved one by its URL', () => {
    expect(isBuildChanged(version, 'iosAssetUrl', { origin: '/files/builds/ios-rc2.glb' })).toBe(true);
    expect(isBuildChanged(version, 'iosAssetUrl', { origin: '/files/builds/ios.ab' })).toBe(false);
    expect(isBuildChanged(version, 'androidAssetUrl', null)).toBe(false);
  });
});
