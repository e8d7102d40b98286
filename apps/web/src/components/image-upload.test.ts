import { describe, expect, it } from 'vitest';
import { checkImageFile } from './image-upload.tsx';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const file = (bytes: number[], name: string, type: string, size = bytes.length) => {
  const content = new Uint8Array(size);
  content.set(bytes);
  return new File([content], name, { type });
};

describe('checkImageFile', () => {
  it('accepts a PNG or a JPEG up to 5 MB', async () => {
    expect(await checkImageFile(file(PNG, 'icon.png', 'image/png'))).toBeUndefined();
    expect(await checkImageFile(file(JPEG, 'cover.JPG', 'image/jpeg', 5 * 1024 * 1024))).toBeUndefined();
  });

  it('refuses by name, by type and by content', async () => {
    const message = 'Avatar picture must be JPG or PNG format!';
    expect(await checkImageFile(file(PNG, 'icon.gif', 'image/png'))).toBe(message);
    expect(await checkImageFile(file(PNG, 'icon.png', 'image/gif'))).toBe(message);
    expect(await checkImageFile(file([0x68, 0x65, 0x6c, 0x6c, 0x6f], 'notes.png', 'image/png'))).toBe(message);
  });

  it('refuses an image over 5 MB', async () => {
    expect(await checkImageFile(file(PNG, 'big.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe(
      'Image must be smaller than 5 MB!',
    );
  });
});
