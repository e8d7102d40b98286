import { z } from 'zod';
import { displayCorrections } from './display-corrections.ts';
import { emailSchema, noControlChars, optionalText, requiredText } from './validation.ts';

/** Seconds before another code can be sent to the same address for the same purpose. */
export const CODE_RESEND_SECONDS = 30;
export const CODE_VALID_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** A verification code is this many digits. */
export const VERIFICATION_CODE_LENGTH = 6;

/** A partner's first or last name. */
export const MAX_PERSON_NAME_LENGTH = 50;
export const MAX_BUSINESS_NAME_LENGTH = 200;
export const MAX_ADDRESS_LENGTH = 300;
/** What a partner writes about its studio. */
export const MAX_PARTNER_INTRODUCE_LENGTH = 1000;

export const accessMessages = {
  loginPasswordRequired: 'Please input password',
  passwordRequired: 'Please input the password',
  passwordFormat: 'Password format incorrect',
  passwordHint: '8 to 16 characters, with at least one lowercase letter, one uppercase letter and one digit',
  confirmRequired: 'Please input the password again',
  confirmMismatch: "Two inputs don't match!",
  currentPasswordRequired: 'Please input your current password',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  firstNameRequired: 'Please input first name',
  lastNameRequired: 'Please input last name',
  codeRequired: 'Please input verification code',
  codeFormat: 'The verification code is 6 digits',
  addressRequired: 'Please input registered address',
  acceptTerms: 'Please accept terms and conditions and Privacy Policy.',
  codeSent: displayCorrections.codeSent.shown,
  registered: 'Registered Successfully',
  reset: 'Reset Successfully',
  updated: 'Update Successfully',
} as const;

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
