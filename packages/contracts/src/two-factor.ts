import { z } from 'zod';
import { loginResponseSchema, verificationCodeSchema } from './access.ts';
import { accessMessages } from './access-texts.ts';
import { gameLoginResponseSchema } from './gaming.ts';
import { MAX_PASSKEY_NAME_LENGTH, TOTP_DIGITS, twoFactorMessages, twoFactorMethods } from './two-factor-texts.ts';
import { paramText, requiredText } from './validation.ts';

export * from './two-factor-texts.ts';

/** An authenticator app's code: its digits, spaces a person may type between them left out. */
export const totpCodeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: twoFactorMessages.codeRequired, abort: true })
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: twoFactorMessages.codeFormat }),
  );

/** A recovery code as shown (`4f7kq-9xm2p`), in either case, with or without its dash. */
export const recoveryCodeSchema = z
  .string({ error: twoFactorMessages.recoveryCodeRequired })
  .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: twoFactorMessages.recoveryCodeRequired, abort: true })
      .regex(/^[a-z0-9]{10}$/, { error: twoFactorMessages.recoveryCodeFormat }),
  );

export const totpSetupResponseSchema = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qrSvg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableBodySchema = z.strictObject({ code: totpCodeSchema });
export type TotpEnableBody = z.input<typeof totpEnableBodySchema>;

export const recoveryCodesResponseSchema = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const totpDisableBodySchema = z.strictObject({
  password: z
    .string({ error: twoFactorMessages.passwordRequired })
    .min(1, { error: twoFactorMessages.passwordRequired, abort: true })
    .max(128, { error: accessMessages.passwordFormat }),
  code: totpCodeSchema,
});
export type TotpDisableBody = z.input<typeof totpDisableBodySchema>;

const challengeSchema = z.string().min(1).max(200);

/**
 * What a browser's WebAuthn call answers, as `@simplewebauthn/browser` encodes it: checked for its shape and size
 * here, for its meaning by `@simplewebauthn/server`.
 */
const webAuthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.looseObject({}).optional(),
});

/** A passkey's answer to a ceremony: the options it answers, and what the browser signed. */
const passkeyAnswerSchema = z.strictObject({
  optionsId: z.string().min(1).max(200),
  response: webAuthnResponseSchema,
});

/** The signed-in partner's second factors, for the Security page and the profile. */
export const twoFactorStatusSchema = z.object({
  totpEnabled: z.boolean(),
  /** When the authenticator app was turned on; null while it is off. */
  enabledAt: z.string().nullable(),
  /** Recovery codes not used yet; 0 while the authenticator is off. */
  recoveryCodesLeft: z.number().int(),
  /** When a request to turn it off by email takes effect, unless cancelled; null when none is waiting. */
  recoveryDueAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new set of recovery codes, asked for with a current authenticator code. */
export const recoveryCodesBodySchema = z.strictObject({ code: totpCodeSchema });
export type RecoveryCodesBody = z.input<typeof recoveryCodesBodySchema>;

/** A fresh second factor for this session (a step-up): an authenticator code or a recovery code. */
export const stepUpBodySchema = z.union([
  z.strictObject({ code: totpCodeSchema }),
  z.strictObject({ recoveryCode: recoveryCodeSchema }),
  z.strictObject({ passkey: passkeyAnswerSchema }),
]);
export type StepUpBody = z.input<typeof stepUpBodySchema>;

/** A sign-in whose second factor is lost asks for a code by email to start the recovery; the password was right. */
export const twoFactorRecoveryStartBodySchema = z.strictObject({ challenge: challengeSchema });
export type TwoFactorRecoveryStartBody = z.input<typeof twoFactorRecoveryStartBodySchema>;

/** The emailed code starts the wait, after which two-step sign-in is off. */
export const twoFactorRecoveryConfirmBodySchema = z.strictObject({
  challenge: challengeSchema,
  verificationCode: verificationCodeSchema,
});
export type TwoFactorRecoveryConfirmBody = z.input<typeof twoFactorRecoveryConfirmBodySchema>;

export const twoFactorRecoveryStartedSchema = z.object({
  /** When two-step sign-in turns off, unless the request is cancelled from a signed-in session. */
  dueAt: z.string(),
});
export type TwoFactorRecoveryStarted = z.infer<typeof twoFactorRecoveryStartedSchema>;

/** What Login answers, instead of a session, for an account with a second factor. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Names this sign-in attempt in its second step; lives `TWO_FACTOR_CHALLENGE_MINUTES`. */
  challenge: z.string(),
  methods: z.array(z.enum(twoFactorMethods)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** The second step: the challenge with an authenticator code, or with a recovery code. */
export const loginTwoFactorBodySchema = z.union([
  z.strictObject({ challenge: challengeSchema, code: totpCodeSchema }),
  z.strictObject({ challenge: challengeSchema, recoveryCode: recoveryCodeSchema }),
  z.strictObject({ challenge: challengeSchema, passkey: passkeyAnswerSchema }),
]);
export type LoginTwoFactorBody = z.input<typeof loginTwoFactorBodySchema>;

/** What Login answers: a session, or the challenge of a second step. */
export const signInResponseSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** What the game host's Login answers: the game token, or the challenge of a second step. */
export const gameSignInResponseSchema = z.union([gameLoginResponseSchema, twoFactorChallengeSchema]);

/** Options for the browser's WebAuthn call, and the id that names them when its answer comes back. */
export const passkeyOptionsResponseSchema = z.object({
  optionsId: z.string(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeyRegisterBodySchema = z.strictObject({
  optionsId: z.string().min(1).max(200),
  name: requiredText(twoFactorMessages.passkeyNameRequired, MAX_PASSKEY_NAME_LENGTH),
  response: webAuthnResponseSchema,
});
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBodySchema>;

export const passkeyLoginBodySchema = passkeyAnswerSchema;

/** Options for a passkey answering a sign-in's second step: the challenge its password opened. */
export const passkeySecondStepOptionsBodySchema = z.strictObject({ challenge: challengeSchema });
export type PasskeyLoginBody = z.input<typeof passkeyLoginBodySchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ data: z.array(passkeySchema) });
export const passkeyIdParamsSchema = z.object({ id: paramText(64) });
