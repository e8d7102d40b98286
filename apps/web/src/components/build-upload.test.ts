import { describe, expect, it } from 'vitest';
import { checkBuildFile } from './build-upload.tsx';

const file = (head: string | number[], name: string, size?: number) => {
  const bytes = typeof head === 'string' ? new TextEncoder().encode(head) : Uint8Array.from(head);
  const content = new Uint8Array(size ?? Math.max(bytes.length, 16));
  content.set(bytes);
  return new File([content], name);
};

describe('checkBuildFile', () => {
  it('accepts glTF binaries and Unity AssetBundles up to 50 MB', async () => {
    expect(await checkBuildFile(file('glTF', 'game.glb'))).toBeUndefined();
    expect(await checkBuildFile(file('UnityFS', 'game.ab', 50 * 1024 * 1024))).toBeUndefined();
  });

  it('refuses other names and other content', async () => {
    expect(await checkBuildFile(file('glTF', 'game.zip'))).toBe('File must be AB or GLB format!');
    expect(await checkBuildFile(file([0x89, 0x50, 0x4e, 0x47], 'render.glb'))).toBe('File must be AB or GLB format!');
  });

  it('refuses a build over 50 MB', async () => {
    expect(await checkBuildFile(file('glTF', 'big.glb', 50 * 1024 * 1024 + 1))).toBe(
      'File must be smaller than 50 MB!',
    );
  });
});
