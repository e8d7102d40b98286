import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals short secrets at rest with AES-256-GCM under a key derived (HKDF-SHA-256) from the server's SECRET_KEY and
 * what the secret is for: a copy of the database alone opens none, and a sealed value of one purpose does not open
 * as another. `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
export function createSecretBox(secretKey: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'lumora-secret-box', purpose, 32));
  return {
    seal(plaintext: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
    },
    /** The plaintext; throws when the value was not sealed by this key for this purpose, or was altered. */
    open(sealed: string): string {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
