import { z } from 'zod';
import { messages } from './messages.ts';

export { messages };

/** A simple address check shared by every email field, server and web alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
export const MAX_TEXT_LENGTH = 4000;

/** A required, trimmed string whose missing or blank value reports `requiredMessage`. */
export function requiredText(requiredMessage: string, max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: messages.tooLong(max) });
}

/** An optional trimmed string; blank becomes undefined. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.tooLong(max) })
    .optional()
    .transform((value) => (value ? value : undefined));
}

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(MAX_EMAIL_LENGTH, { error: messages.tooLong(MAX_EMAIL_LENGTH), abort: true })
  .regex(EMAIL_PATTERN, { error: messages.emailFormat });
