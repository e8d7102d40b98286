export type FileKind = 'image' | 'build' | 'video';
export type FileFormat = 'png' | 'jpeg' | 'glb' | 'unity' | 'mp4' | 'webm';

/** Bytes a file must start with to be what its name says. */
const SIGNATURES: Array<{ format: FileFormat; kind: FileKind; bytes: number[]; offset?: number }> = [
  { format: 'png', kind: 'image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { format: 'jpeg', kind: 'image', bytes: [0xff, 0xd8, 0xff] },
  // glTF binary: the ASCII magic "glTF"
  { format: 'glb', kind: 'build', bytes: [0x67, 0x6c, 0x54, 0x46] },
  // Unity AssetBundles: "UnityFS", "UnityWeb", "UnityRaw" and "UnityArchive" all start with "Unity"
  { format: 'unity', kind: 'build', bytes: [0x55, 0x6e, 0x69, 0x74, 0x79] },
  // ISO base media (MP4): a box of type "ftyp" first, after its four-byte size
  { format: 'mp4', kind: 'video', bytes: [0x66, 0x74, 0x79, 0x70], offset: 4 },
  // WebM: the EBML header's id
  { format: 'webm', kind: 'video', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
];

/** The longest signature: how many leading bytes detection needs. */
export const SNIFF_BYTES = 16;

/** What the first bytes of a file say it is, or undefined when it is none of ours. */
export function detectFormat(head: Buffer): { format: FileFormat; kind: FileKind } | undefined {
  for (const signature of SIGNATURES) {
    const offset = signature.offset ?? 0;
    if (
      head.length >= offset + signature.bytes.length &&
      signature.bytes.every((byte, i) => head[offset + i] === byte)
    ) {
      return { format: signature.format, kind: signature.kind };
    }
  }
  return undefined;
}

/** The kind a file name asks for, by its extension. */
export function kindOfFileName(fileName: string): FileKind | undefined {
  const ext = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  if (ext === '.png' || ext === '.jpg' || ext === '.jpeg') return 'image';
  if (ext === '.ab' || ext === '.glb') return 'build';
  if (ext === '.mp4' || ext === '.webm') return 'video';
  return undefined;
}

export const CONTENT_TYPES: Record<FileFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  glb: 'model/gltf-binary',
  unity: 'application/octet-stream',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const EXTENSIONS: Record<FileFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  glb: 'glb',
  unity: 'ab',
  mp4: 'mp4',
  webm: 'webm',
};
