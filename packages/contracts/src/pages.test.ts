import { describe, expect, it } from 'vitest';
import { itemDetailPath, loginPath, submissionPath, testStagingPath, versionPagePath } from './pages.ts';

describe('page paths', () => {
  it('builds the Detail page of an item, with the banner name first when given', () => {
    expect(itemDetailPath({ id: 'p1', type: 'game' })).toBe('/developers/my-project/detail?id=p1&type=game');
    expect(itemDetailPath({ id: 'm1', type: 'model', name: 'Moon & Sun' })).toBe(
      '/developers/my-project/detail?name=Moon+%26+Sun&id=m1&type=model',
    );
  });

  it('builds the Version page of a version', () => {
    expect(versionPagePath({ itemId: 'p1', versionId: 'v1', type: 'game' })).toBe(
      '/developers/my-project/version?prodId=p1&vId=v1&type=game',
    );
  });

  it('builds the submission forms, Test Staging and Login', () => {
    expect(submissionPath('game')).toBe('/developers/my-project/submission');
    expect(submissionPath('model', 'm1')).toBe('/developers/my-project/3D-model-submission?id=m1');
    expect(testStagingPath('p1')).toBe('/developers/my-project/test-staging?prodId=p1');
    expect(loginPath('/commission')).toBe('/login?redirect=%2Fcommission');
  });
});
