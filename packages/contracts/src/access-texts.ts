// The sign-in forms' limits and messages, in a module without zod: the Login page shows them before its forms load
// their schemas (the web's `SchemaSource`). Exported with the rest through access.ts.
import { displayCorrections } from './display-corrections.ts';

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
