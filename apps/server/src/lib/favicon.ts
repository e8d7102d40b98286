import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The Lumora brand mark: the one source of every icon the server serves. */
export const BRAND_MARK_SVG = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/brand/mark.svg'),
);

/**
 * The icon links of every HTML page the server answers (the web app's index.html carries the same two): the .ico
 * for browsers without SVG icons, the SVG for the rest.
 */
export const FAVICON_LINKS =
  '<link rel="icon" href="/favicon.ico" sizes="32x32"><link rel="icon" href="/favicon.svg" type="image/svg+xml">';

const ICO_SIZES = [16, 32, 48];

/** An .ico holding the brand mark as PNG images (each entry may be a PNG since Windows Vista). */
export async function renderFaviconIco(): Promise<Buffer> {
  const images = await Promise.all(ICO_SIZES.map((size) => sharp(BRAND_MARK_SVG).resize(size, size).png().toBuffer()));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map((image, index) => {
    const size = ICO_SIZES[index] ?? 0;
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}
