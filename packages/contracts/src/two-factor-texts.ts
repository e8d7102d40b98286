// Two-step sign-in's constants and messages, in a module without zod: the sign-in screens show them before their
// forms load a schema. Exported with the rest through two-factor.ts.

/** What an authenticator app shows as the account's issuer. */
export const TOTP_ISSUER = 'Lumora Partner Portal';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after now are accepted too: a phone's clock a little off still signs in. */
export const TOTP_WINDOW_STEPS = 1;
/** Recovery codes made at once; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;
/** When this many or fewer recovery codes are left, the profile says so and a mail warns. */
export const RECOVERY_CODES_LOW = 2;
/** How long a sign-in waits for its second step. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** How long a second factor given by a session lets it change the payout account, keys, income export or password. */
export const STEP_UP_MINUTES = 10;
/** How long a request to turn two-step sign-in off by email waits before it takes effect. */
export const TWO_FACTOR_RECOVERY_DAYS = 3;
/** A passkey's name, as its partner tells them apart. */
export const MAX_PASSKEY_NAME_LENGTH = 60;
/** Wrong codes that end a sign-in attempt. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

/** The ways a second step can be answered; a sign-in names the ones the account has. */
export const twoFactorMethods = ['totp', 'recoveryCode', 'passkey'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

export const twoFactorMessages = {
  codeRequired: 'Please input the code from your authenticator app',
  codeFormat: `The code is ${TOTP_DIGITS} digits`,
  recoveryCodeRequired: 'Please input a recovery code',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits, like 4f7kq-9xm2p',
  passwordRequired: 'Please input your password',
  passkeyNameRequired: 'Please name the passkey',
} as const;
