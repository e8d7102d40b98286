import { hash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token: 256 random bits. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The hex SHA-256 of a string's UTF-8 bytes (one call: a third of a Hash object's cost on every request's token). */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A six-digit verification code, uniformly random. */
export function createNumericCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}
