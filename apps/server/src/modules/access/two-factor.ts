import { randomBytes } from 'node:crypto';
import {
  type LoginTwoFactorBody,
  type PasskeyLoginBody,
  PROFILE_PATH,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODES_LOW,
  type RecoveryCodesResponse,
  SECURITY_PATH,
  type StepUpBody,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
  type TotpSetupResponse,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_RECOVERY_DAYS,
  type TwoFactorChallenge,
  type TwoFactorRecoveryStarted,
  type TwoFactorStatus,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { type MailContent, renderMail } from '../../lib/mail-template.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { createToken, hmacSha256, sha256 } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { Passkeys } from './passkeys.ts';
import * as repo from './repository.ts';
import * as factors from './two-factor-repository.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
/** A user id no account has: the write a refused code makes finds nothing. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
/** Letters and digits of a recovery code: no 0/o, 1/l/i to misread. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface SecondFactorDeps {
  passkeys: Passkeys;
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'rateLimits'>;
  log: FastifyBaseLogger;
  rateLimits: RateLimits;
  secretKey: string;
  now: () => Date;
}

/** Ten random characters of the recovery alphabet, shown as `xxxxx-xxxxx`; about 49 bits each. */
function createRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

function totpOf(base32Secret: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32Secret),
  });
}

/**
 * Second factors: the authenticator app (TOTP, RFC 6238 through `otpauth`), single-use recovery codes, and the
 * challenge a password opens for an account that has them. Secrets are sealed under SECRET_KEY, recovery codes kept
 * as keyed hashes; nothing of either reaches a log.
 */
export function createSecondFactors({
  db,
  mailer,
  config,
  log,
  rateLimits,
  secretKey,
  now,
  passkeys,
}: SecondFactorDeps) {
  const box = createSecretBox(secretKey, 'totp-secret');
  const recoveryHash = (userId: string, code: string) =>
    hmacSha256(secretKey, `recovery:${userId}:${normalizeRecoveryCode(code)}`);
  const failuresByAccount = rateLimits.create(
    'second-step-account',
    config.rateLimits.secondStepPerAccount,
    FIFTEEN_MINUTES,
  );
  const failuresByIp = rateLimits.create('second-step-ip', config.rateLimits.secondStepPerIp, FIFTEEN_MINUTES);

  async function mail(to: string, purpose: Parameters<Mailer['send']>[0]['purpose'], content: MailContent) {
    await mailer.send({ purpose, to, ...renderMail(content) });
  }

  /**
   * Checks an authenticator code against the account's enabled (or, with `pending`, waiting) secret and spends its
   * time step: true once per step. Any input costs one read, one code check and one write, so that an answer's time
   * says nothing of why it was refused.
   */
  async function spendTotpCode(userId: string, email: string, code: string, { pending = false } = {}) {
    const factor = await factors.selectTotpFactor(db, userId);
    const usable = factor !== undefined && (pending ? factor.enabledAt === null : factor.enabledAt !== null);
    const secret = usable ? box.open(factor.sealedSecret) : new Secret({ size: 20 }).base32;
    const timestamp = now().getTime();
    const delta = totpOf(secret, email).validate({ token: code, timestamp, window: TOTP_WINDOW_STEPS });
    const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + (delta ?? 0);
    // a refused code still makes the write, on an account that does not exist
    return factors.acceptTotpStep(db, usable && delta !== null ? userId : NO_ACCOUNT, step);
  }

  /** Spends a recovery code, after the same read and code check an authenticator code costs. */
  async function spendRecoveryCode(userId: string, email: string, code: string) {
    const factor = await factors.selectTotpFactor(db, userId);
    totpOf(new Secret({ size: 20 }).base32, email).validate({ token: '000000', timestamp: now().getTime() });
    return factors.useRecoveryCode(db, factor ? userId : NO_ACCOUNT, recoveryHash(userId, code), now());
  }

  /** Checks a second factor of any kind: an authenticator code, a recovery code (spent), or a passkey's signature. */
  async function isRightAnswer(
    user: repo.UserRow,
    body: { code: string } | { recoveryCode: string } | { passkey: PasskeyLoginBody },
  ): Promise<boolean> {
    if ('passkey' in body) {
      return passkeys.authenticate(body.passkey, user.id).then(
        () => true,
        () => false,
      );
    }
    if ('recoveryCode' in body) return spendRecoveryCode(user.id, user.email, body.recoveryCode);
    return spendTotpCode(user.id, user.email, body.code);
  }

  /** Makes a fresh set of recovery codes, replacing any earlier ones; answers them, the only time they are seen. */
  async function issueRecoveryCodes(executor: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, createRecoveryCode);
    await factors.replaceRecoveryCodes(
      executor,
      userId,
      codes.map((code) => recoveryHash(userId, code)),
      now(),
    );
    return codes;
  }

  return {
    /** Whether a password alone no longer signs the account in. */
    isRequired: (userId: string) => factors.hasEnabledTotp(db, userId),

    /** Opens a sign-in's second step for an account whose password was right. */
    async challenge(userId: string): Promise<TwoFactorChallenge> {
      const challenge = createToken();
      const createdAt = now();
      await factors.insertChallenge(db, {
        tokenHash: sha256(challenge),
        userId,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
      });
      const withPasskey = await passkeys.has(userId);
      return {
        twoFactorRequired: true,
        challenge,
        methods: withPasskey ? ['totp', 'recoveryCode', 'passkey'] : ['totp', 'recoveryCode'],
      };
    },

    /**
     * Answers a challenge with an authenticator code or a recovery code: the user whose sign-in it completes. A wrong
     * code is counted against the challenge (the fifth ends it), the account and the client address, before the
     * answer; a wrong authenticator code and a wrong recovery code get the same answer after the same work.
     */
    async answer(body: LoginTwoFactorBody, clientIp: string): Promise<repo.UserRow> {
      const challenge = await factors.selectLiveChallenge(db, sha256(body.challenge), TWO_FACTOR_MAX_ATTEMPTS, now());
      if (!challenge) throw new AppError('TwoFactorChallengeExpired');
      const wait = await failuresByIp
        .take(clientIp)
        .then(async (ipWait) => (ipWait > 0 ? ipWait : failuresByAccount.take(challenge.userId)));
      if (wait > 0) throw tooManyRequests(wait);
      const user = await repo.selectUserById(db, challenge.userId);
      if (!user) throw new AppError('TwoFactorChallengeExpired');

      const recoveryCode = 'recoveryCode' in body ? body.recoveryCode : undefined;
      const isRight = await isRightAnswer(user, body);
      if (!isRight) {
        // the wrong code that uses up the attempts ends the sign-in: its answer says to start again
        const mayRetry = await factors.countChallengeFailure(db, challenge.id, TWO_FACTOR_MAX_ATTEMPTS);
        const refusal = 'passkey' in body ? 'PasskeyNotVerified' : 'TwoFactorCodeIncorrect';
        throw new AppError(mayRetry ? refusal : 'TwoFactorChallengeExpired');
      }
      if (!(await factors.consumeChallenge(db, challenge.id, TWO_FACTOR_MAX_ATTEMPTS, now()))) {
        throw new AppError('TwoFactorChallengeExpired');
      }
      await Promise.all([failuresByIp.refund(clientIp), failuresByAccount.refund(user.id)]);
      if (recoveryCode) {
        const left = await factors.countRecoveryCodesLeft(db, user.id);
        log.info({ userId: user.id, recoveryCodesLeft: left }, 'signed in with a recovery code');
        if (left <= RECOVERY_CODES_LOW) {
          await mail(user.email, 'recovery-codes-low', {
            subject: `${left} recovery ${left === 1 ? 'code is' : 'codes are'} left for your Lumora Partner Portal account`,
            heading: 'Your recovery codes are running out',
            paragraphs: [
              `You signed in with a recovery code. ${left === 0 ? 'None is' : `Only ${left} ${left === 1 ? 'is' : 'are'}`} left.`,
              'Make a new set on the Security page while you can still sign in, and keep it somewhere safe.',
            ],
            action: { label: 'Open your account', url: `${config.publicUrl}${PROFILE_PATH}` },
          });
        }
      }
      return user;
    },

    /**
     * Checks a fresh second factor of a signed-in account (a step-up): an authenticator code or a recovery code,
     * counted against the same limits as a sign-in's second step.
     */
    async verify(userId: string, body: StepUpBody, clientIp: string): Promise<void> {
      const wait = await failuresByIp
        .take(clientIp)
        .then(async (ipWait) => (ipWait > 0 ? ipWait : failuresByAccount.take(userId)));
      if (wait > 0) throw tooManyRequests(wait);
      if (!(await factors.hasEnabledTotp(db, userId))) throw new AppError('TwoFactorNotEnabled');
      const user = await repo.selectUserById(db, userId);
      if (!user || !(await isRightAnswer(user, body))) {
        throw new AppError('passkey' in body ? 'PasskeyNotVerified' : 'TwoFactorCodeIncorrect');
      }
      await Promise.all([failuresByIp.refund(clientIp), failuresByAccount.refund(userId)]);
    },

    /** The account of a sign-in waiting for its second step, while its challenge may still be answered. */
    async userOfChallenge(challengeToken: string): Promise<repo.UserRow> {
      const challenge = await factors.selectLiveChallenge(db, sha256(challengeToken), TWO_FACTOR_MAX_ATTEMPTS, now());
      const user = challenge ? await repo.selectUserById(db, challenge.userId) : undefined;
      if (!challenge || !user) throw new AppError('TwoFactorChallengeExpired');
      return user;
    },

    /**
     * Starts the wait after which two-step sign-in turns off, for a partner who proved the password (a challenge)
     * and the mailbox (an emailed code); mails when it takes effect. A request already waiting keeps its date.
     */
    async beginRecovery(user: repo.UserRow): Promise<TwoFactorRecoveryStarted> {
      const requestedAt = now();
      const dueAt = new Date(requestedAt.getTime() + TWO_FACTOR_RECOVERY_DAYS * 24 * 60 * 60_000);
      if (!(await factors.hasEnabledTotp(db, user.id))) throw new AppError('TwoFactorNotEnabled');
      if (await factors.insertRecovery(db, user.id, requestedAt, dueAt)) {
        log.info({ userId: user.id }, 'two-step sign-in recovery started');
        await mail(user.email, 'two-factor-recovery-started', {
          subject: 'Two-step sign-in will be turned off in 3 days',
          heading: 'A request to turn off two-step sign-in',
          paragraphs: [
            `Someone who knows your password and can read this mailbox asked to turn off two-step sign-in for your Lumora Partner Portal account, because the authenticator app and the recovery codes were lost. It turns off on ${dueAt.toUTCString()}.`,
            'If it was not you, sign in with your authenticator app and cancel the request on the Security page, then change your password.',
          ],
          action: { label: 'Open Security', url: `${config.publicUrl}${SECURITY_PATH}` },
        });
      }
      const open = await factors.selectOpenRecovery(db, user.id);
      return { dueAt: (open?.dueAt ?? dueAt).toISOString() };
    },

    /** Cancels the waiting recovery, from a signed-in session; a mail says so. */
    async cancelRecovery(userId: string, email: string): Promise<void> {
      if (!(await factors.cancelRecovery(db, userId, now()))) throw new AppError('TwoFactorRecoveryNotPending');
      log.info({ userId }, 'two-step sign-in recovery cancelled');
      await mail(email, 'two-factor-recovery-cancelled', {
        subject: 'The request to turn off two-step sign-in was cancelled',
        heading: 'Two-step sign-in stays on',
        paragraphs: [
          'The request to turn off two-step sign-in for your account was cancelled from a signed-in session.',
        ],
        action: { label: 'Open Security', url: `${config.publicUrl}${SECURITY_PATH}` },
      });
    },

    /** Turns two-step sign-in off for every recovery whose wait is over, once each (any node may run it). */
    async completeDueRecoveries(): Promise<number> {
      let completed = 0;
      for (const recovery of await factors.selectDueRecoveries(db, now())) {
        const user = await repo.selectUserById(db, recovery.userId);
        const done = await db.transaction(async (tx) => {
          if (!(await factors.completeRecovery(tx, recovery.id, now()))) return false;
          await factors.deleteSecondFactors(tx, recovery.userId);
          return true;
        });
        if (!done || !user) continue;
        completed += 1;
        log.info({ userId: user.id }, 'two-step sign-in turned off by recovery');
        await mail(user.email, 'two-factor-disabled', {
          subject: 'Two-step sign-in is off for your Lumora Partner Portal account',
          heading: 'Two-step sign-in is off',
          paragraphs: [
            `The request to turn off two-step sign-in made ${TWO_FACTOR_RECOVERY_DAYS} days ago has taken effect: your password alone now signs in.`,
            'Turn it on again with your new phone on the Security page.',
          ],
          action: { label: 'Open Security', url: `${config.publicUrl}${SECURITY_PATH}` },
        });
      }
      return completed;
    },

    /** A new authenticator secret for the account, waiting for its first code; nothing changes at sign-in yet. */
    async setupTotp(userId: string, email: string): Promise<TotpSetupResponse> {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await factors.startTotpSetup(db, userId, box.seal(secret), now()))) {
        throw new AppError('TwoFactorAlreadyEnabled');
      }
      const otpauthUrl = totpOf(secret, email).toString();
      return { secret, otpauthUrl, qrSvg: renderSVG(otpauthUrl, { border: 2 }) };
    },

    /** Turns the waiting authenticator on with its first code; answers the recovery codes, shown this once. */
    async enableTotp(userId: string, email: string, code: string): Promise<RecoveryCodesResponse> {
      const factor = await factors.selectTotpFactor(db, userId);
      if (factor?.enabledAt) throw new AppError('TwoFactorAlreadyEnabled');
      if (!factor) throw new AppError('TwoFactorSetupNotStarted');
      if (!(await spendTotpCode(userId, email, code, { pending: true }))) throw new AppError('TwoFactorCodeIncorrect');
      const recoveryCodes = await db.transaction(async (tx) => {
        if (!(await factors.enableTotp(tx, userId, now()))) throw new AppError('TwoFactorAlreadyEnabled');
        return issueRecoveryCodes(tx, userId);
      });
      log.info({ userId }, 'two-step sign-in turned on');
      await mail(email, 'two-factor-enabled', {
        subject: 'Two-step sign-in is on for your Lumora Partner Portal account',
        heading: 'Two-step sign-in is on',
        paragraphs: [
          'From now on, signing in to your partner account asks for a code from your authenticator app after your ' +
            'password.',
          'If it was not you, reset your password now and contact us: someone else may be signed in to your account.',
        ],
        action: { label: 'Open your account', url: `${config.publicUrl}${PROFILE_PATH}` },
      });
      return { recoveryCodes };
    },

    /** The account's second factors as the Security page shows them. */
    async status(userId: string): Promise<TwoFactorStatus> {
      const factor = await factors.selectTotpFactor(db, userId);
      const enabledAt = factor?.enabledAt ?? null;
      const recovery = enabledAt ? await factors.selectOpenRecovery(db, userId) : undefined;
      return {
        totpEnabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabledAt ? await factors.countRecoveryCodesLeft(db, userId) : 0,
        recoveryDueAt: recovery?.dueAt.toISOString() ?? null,
      };
    },

    /** A new set of recovery codes for a current authenticator code; the earlier ones stop working. */
    async regenerateRecoveryCodes(userId: string, email: string, code: string): Promise<RecoveryCodesResponse> {
      const wait = await failuresByAccount.take(userId);
      if (wait > 0) throw tooManyRequests(wait);
      if (!(await factors.hasEnabledTotp(db, userId))) throw new AppError('TwoFactorNotEnabled');
      if (!(await spendTotpCode(userId, email, code))) throw new AppError('TwoFactorCodeIncorrect');
      await failuresByAccount.refund(userId);
      const recoveryCodes = await db.transaction((tx) => issueRecoveryCodes(tx, userId));
      log.info({ userId }, 'recovery codes made anew');
      return { recoveryCodes };
    },

    /** Turns the authenticator off, with the account's password and a current code; a mail says so. */
    async disableTotp(userId: string, email: string, password: string, code: string): Promise<void> {
      const user = await repo.selectUserById(db, userId);
      if (!user) throw new AppError('Unauthorized');
      const wait = await failuresByAccount.take(userId);
      if (wait > 0) throw tooManyRequests(wait);
      if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('CurrentPasswordIncorrect');
      if (!(await factors.hasEnabledTotp(db, userId))) throw new AppError('TwoFactorNotEnabled');
      if (!(await spendTotpCode(userId, email, code))) throw new AppError('TwoFactorCodeIncorrect');
      await failuresByAccount.refund(userId);
      await db.transaction((tx) => factors.deleteSecondFactors(tx, userId));
      log.info({ userId }, 'two-step sign-in turned off');
      await mail(email, 'two-factor-disabled', {
        subject: 'Two-step sign-in is off for your Lumora Partner Portal account',
        heading: 'Two-step sign-in is off',
        paragraphs: [
          'Your password alone now signs in to your partner account. Your recovery codes no longer work.',
          'If it was not you, reset your password now and turn two-step sign-in on again.',
        ],
        action: { label: 'Open your account', url: `${config.publicUrl}${PROFILE_PATH}` },
      });
    },
  };
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;
