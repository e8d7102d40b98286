import { randomBytes } from 'node:crypto';

/**
 * The start of a Unity AssetBundle of `size` bytes: a UnityFS header (format 8, the Unity version that built it,
 * the declared size) and random bytes, which is all that inspection reads.
 */
export function unityBundle(size = 4096, unityVersion = '2022.3.10f1'): Buffer {
  const format = Buffer.alloc(4);
  format.writeUInt32BE(8);
  const prefix = Buffer.concat([
    Buffer.from('UnityFS\u0000', 'latin1'),
    format,
    Buffer.from(`5.x.x\u0000${unityVersion}\u0000`, 'latin1'),
  ]);
  const total = Math.max(size, prefix.length + 8);
  const declared = Buffer.alloc(8);
  declared.writeBigUInt64BE(BigInt(total));
  return Buffer.concat([prefix, declared, randomBytes(total - prefix.length - 8)]);
}
