import { z } from 'zod';
import {
  accessMessages,
  MAX_ADDRESS_LENGTH,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_PARTNER_INTRODUCE_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from './access-texts.ts';

export * from './access-texts.ts';

import { emailSchema, noControlChars, optionalText, requiredText } from './validation.ts';

/** 8 to 16 characters with a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,16}$/;

export const newPasswordSchema = z
  .string({ error: accessMessages.passwordRequired })
  .min(1, { error: accessMessages.passwordRequired, abort: true })
  .check(noControlChars())
  .regex(PASSWORD_PATTERN, { error: accessMessages.passwordFormat });

export const verificationCodeSchema = z
  .string({ error: accessMessages.codeRequired })
  .trim()
  .min(1, { error: accessMessages.codeRequired, abort: true })
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), { error: accessMessages.codeFormat });

const firstName = requiredText(accessMessages.firstNameRequired, MAX_PERSON_NAME_LENGTH);
const lastName = requiredText(accessMessages.lastNameRequired, MAX_PERSON_NAME_LENGTH);
const registeredAddress = requiredText(accessMessages.addressRequired, MAX_ADDRESS_LENGTH);
const registeredBusinessName = optionalText(MAX_BUSINESS_NAME_LENGTH);
const introduce = optionalText(MAX_PARTNER_INTRODUCE_LENGTH, { multiline: true });

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  // Compared with a hash, never stored: a password chosen before control characters were refused still signs in.
  password: z
    .string({ error: accessMessages.loginPasswordRequired })
    .min(1, { error: accessMessages.loginPasswordRequired, abort: true })
    .max(128, { error: accessMessages.passwordFormat }),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const sendCodeQuerySchema = z.object({ email: emailSchema });

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  firstName,
  lastName,
  password: newPasswordSchema,
  verificationCode: verificationCodeSchema,
  introduce,
  registeredBusinessName,
  registeredAddress,
});
export type RegisterBody = z.input<typeof registerBodySchema>;
export type Registration = z.output<typeof registerBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  verificationCode: verificationCodeSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** `PUT /api/Access/Password`: a signed-in partner's new password, with the current one to prove it is them. */
export const changePasswordBodySchema = z.strictObject({
  // compared with a hash, never stored (as at login)
  currentPassword: z
    .string({ error: accessMessages.currentPasswordRequired })
    .min(1, { error: accessMessages.currentPasswordRequired, abort: true })
    .max(128, { error: accessMessages.passwordFormat }),
  password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const updateProfileBodySchema = z.strictObject({
  firstName,
  lastName,
  introduce,
  registeredBusinessName,
  registeredAddress,
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export type ProfileUpdate = z.output<typeof updateProfileBodySchema>;

export const profileSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  introduce: z.string(),
  registeredBusinessName: z.string(),
  registeredAddress: z.string(),
  connectedToStripe: z.boolean(),
  isSubscribed: z.boolean(),
  role: z.enum(['Partner', 'Admin']),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  profile: profileSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const codeSentResponseSchema = z.object({
  /** Seconds until another code may be requested. */
  resendAfterSeconds: z.number().int(),
});
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

/** Form-only fields of the register and reset forms, on top of the API's schema. */
export const confirmPasswordSchema = z
  .string({ error: accessMessages.confirmRequired })
  .min(1, { error: accessMessages.confirmRequired });
