import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token: 256 random bits. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A six-digit verification code, uniformly random. */
export function createNumericCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
