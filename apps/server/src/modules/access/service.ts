import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_VALID_MINUTES,
  type CodeSentResponse,
  FORGOT_PASSWORD_PATH,
  LOGIN_PATH,
  type LoginTwoFactorBody,
  type PasskeyLoginBody,
  type PasskeyRegisterBody,
  type ProfileUpdate,
  type Registration,
  STEP_UP_MINUTES,
  type StepUpBody,
  type TwoFactorChallenge,
  type TwoFactorRecoveryStarted,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../caches.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EventEmitter } from '../../events.ts';
import { batchLoader, byId } from '../../lib/batch.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { type MailContent, renderMail } from '../../lib/mail-template.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createRateLimits, type RateLimits, takeAll } from '../../lib/rate-limits.ts';
import { createNumericCode, createToken, hmacSha256, sha256 } from '../../lib/tokens.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Mailer, MailPurpose } from '../../plugins/mailer/index.ts';
import type { AuditService } from '../audit/service.ts';
import { createPasskeys } from './passkeys.ts';
import * as repo from './repository.ts';
import * as teamRepo from './team-repository.ts';
import { createSecondFactors } from './two-factor.ts';

export type { StudioMembership, TeamService } from './team-service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_HOUR = 60 * 60_000;

/** An account as the profile shows it; payments adds its payout standing (payments/profiles.ts). */
export type Account = Pick<
  repo.UserRow,
  'email' | 'firstName' | 'lastName' | 'introduce' | 'registeredBusinessName' | 'registeredAddress' | 'role'
>;

/** A session just started: its token, shown once, and whose it is. */
export interface StartedSession {
  accessToken: string;
  userId: string;
}

export interface AccessDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'sessionTtlDays' | 'rateLimits'>;
  log: FastifyBaseLogger;
  events: EventEmitter;
  caches: Pick<Caches, 'sessions'>;
  /** Where sign-ins are recorded, in each studio they open. */
  audit: AuditService;
  /** Where the login and code limits count: this process by default, Redis past one node. */
  rateLimits?: RateLimits;
  /** The key verification codes are hashed under: a copy of the database alone cannot try the million codes. */
  secretKey: string;
  now?: () => Date;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The audit log's action for a sign-in. */
export const SIGN_IN_ACTION = 'signIn';

/** How the audit log names a person: as they were when they acted. */
export const personName = (user: { firstName: string; lastName: string; email: string }) =>
  `${`${user.firstName} ${user.lastName}`.trim()} <${user.email}>`;

function composeCodeMail(purpose: repo.CodePurpose, code: string): MailContent {
  const isRegistration = purpose === 'register';
  return {
    subject: isRegistration
      ? `${code} is your Lumora Partner Portal verification code`
      : `${code} is your code to reset your Lumora Partner Portal password`,
    heading: isRegistration ? 'Confirm your email address' : 'Reset your password',
    paragraphs: [
      isRegistration
        ? 'Enter this code in the registration form of the Partner Portal to create your partner account.'
        : 'Enter this code in the Partner Portal to choose a new password.',
      `The code is valid for ${CODE_VALID_MINUTES} minutes. Never share it with anyone.`,
    ],
    code,
    footer: isRegistration
      ? 'If you did not start a registration, you can ignore this mail: no account is created without the code.'
      : 'If you did not ask to reset your password, you can ignore this mail: your password stays the same.',
  };
}

/** The code that starts turning two-step sign-in off, for a partner who lost the authenticator and the codes. */
function composeRecoveryCodeMail(code: string): MailContent {
  return {
    subject: `${code} is your code to turn off two-step sign-in`,
    heading: 'Turn off two-step sign-in',
    paragraphs: [
      'Enter this code in the Partner Portal to ask for two-step sign-in to be turned off. It turns off 3 days later, unless the request is cancelled from a signed-in session.',
      `The code is valid for ${CODE_VALID_MINUTES} minutes. Never share it with anyone.`,
    ],
    code,
    footer: 'If you did not ask for this, someone knows your password: change it, and keep two-step sign-in on.',
  };
}

/** What the holder of an account gets when someone asks for a registration code for its address. */
function composeRegistrationNotice(publicUrl: string): MailContent {
  return {
    subject: 'Someone tried to register with your email address',
    heading: 'You already have a partner account',
    paragraphs: [
      'Someone asked for a code to create a Lumora Partner Portal account with this email address, which already ' +
        'has one. No code was sent and your account is unchanged.',
      'If it was you, there is no need for a new account: sign in or reset your password.',
    ],
    action: { label: 'Sign in to the Partner Portal', url: `${publicUrl}${LOGIN_PATH}` },
    footer: 'If it was not you, you can ignore this mail.',
  };
}

export function createAccessService({
  db,
  mailer,
  config,
  log,
  events,
  caches: { sessions },
  audit,
  rateLimits = createRateLimits(),
  secretKey,
  now = () => new Date(),
}: AccessDeps) {
  const passkeys = createPasskeys({ db, mailer, config, log, now });
  const secondFactors = createSecondFactors({ db, mailer, config, log, rateLimits, secretKey, now, passkeys });
  const codeHash = (email: string, purpose: repo.CodePurpose, code: string) =>
    hmacSha256(secretKey, `${purpose}:${email}:${code}`);
  const limits = config.rateLimits;
  audit.declareAction(SIGN_IN_ACTION, 'Signed in');
  const loginFailuresByAddress = rateLimits.create('login-failures-address', limits.loginPerEmail, FIFTEEN_MINUTES);
  const loginFailuresByEmail = rateLimits.create('login-failures-email', limits.loginPerEmailCeiling, FIFTEEN_MINUTES);
  const loginsByIp = rateLimits.create('logins-ip', limits.loginPerIp, FIFTEEN_MINUTES);
  const codesByEmail = rateLimits.create('codes-email', limits.codesPerEmail, ONE_HOUR);
  const codesByIp = rateLimits.create('codes-ip', limits.codesPerIp, ONE_HOUR);
  /** Session lookups by token hash; revocations through this process drop them at once. */
  // the sessions of the requests that arrived together are read with one statement
  const liveSession = batchLoader(async (tokenHashes: string[]) => {
    const rows = await repo.selectLiveSessions(db, tokenHashes, now());
    return new Map(rows.map((row) => [row.tokenHash, row]));
  });
  const userById = batchLoader(async (ids: string[]) => byId(await repo.selectUsersByIds(db, ids)));
  const toAccount = (user: repo.UserRow): Account => ({
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    introduce: user.introduce,
    registeredBusinessName: user.registeredBusinessName,
    registeredAddress: user.registeredAddress,
    role: user.role,
  });

  /** A new session of `user`; `withSecondFactor` when its sign-in gave one (it counts as a step-up). */
  async function startSession(
    user: repo.UserRow,
    clientIp: string,
    { withSecondFactor = false } = {},
  ): Promise<StartedSession> {
    const accessToken = createToken();
    const createdAt = now();
    await repo.insertSession(db, {
      userId: user.id,
      tokenHash: sha256(accessToken),
      createdAt,
      secondFactorAt: withSecondFactor ? createdAt : null,
      expiresAt: new Date(createdAt.getTime() + config.sessionTtlDays * 24 * 60 * 60_000),
    });
    // a sign-in is recorded in the audit log of every studio it opens
    const studios = await teamRepo.selectStudiosOf(db, user.id);
    await audit.record(
      ...studios.map((studio) => ({
        studioId: studio.id,
        actorId: user.id,
        actorName: personName(user),
        action: SIGN_IN_ACTION,
        summary: withSecondFactor ? 'Signed in with a second factor' : 'Signed in',
        objectId: null,
        ip: clientIp,
        at: createdAt,
      })),
    );
    return { accessToken, userId: user.id };
  }

  /**
   * Issues a code and mails what `mailFor` decides for the account (if any) behind the address. The limits and
   * the resend window are checked before anything looks the account up, and the answer is the same either way, so
   * that nobody can sweep for which addresses have an account.
   */
  async function sendCode(
    email: string,
    purpose: repo.CodePurpose,
    clientIp: string,
    mailFor: (
      code: string,
      user: repo.UserRow | undefined,
    ) => { purpose: MailPurpose; content: MailContent } | undefined,
  ): Promise<CodeSentResponse> {
    const wait = await takeAll([codesByEmail, email], [codesByIp, clientIp]);
    if (wait > 0) throw tooManyRequests(wait);
    const current = now();
    const code = createNumericCode();
    const waitMs = await repo.issueCode(
      db,
      {
        email,
        purpose,
        codeHash: codeHash(email, purpose, code),
        createdAt: current,
        expiresAt: new Date(current.getTime() + CODE_VALID_MINUTES * 60_000),
      },
      CODE_RESEND_SECONDS * 1000,
    );
    if (waitMs > 0) {
      // nothing was sent, so the request does not use up the hourly limits
      await Promise.all([codesByEmail.refund(email), codesByIp.refund(clientIp)]);
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('CodeRequestTooSoon', `Please wait ${seconds} seconds before requesting a new code.`, {
        retryAfterSeconds: seconds,
      });
    }
    // a code is stored even when it is mailed to nobody, so that checking it fails like any wrong code
    const mail = mailFor(code, await repo.selectUserByEmail(db, email));
    if (mail) await mailer.send({ purpose: mail.purpose, to: email, ...renderMail(mail.content) });
    log.info({ purpose }, 'verification code issued');
    return { resendAfterSeconds: CODE_RESEND_SECONDS };
  }

  /** Checks a code; a wrong try is counted (and the fifth burns the code) before the request fails. */
  async function checkCode(email: string, purpose: repo.CodePurpose, code: string) {
    const latest = await repo.selectLatestCode(db, email, purpose);
    if (!latest) throw new AppError('VerificationCodeExpired');
    const tried = await repo.tryCode(db, latest.id, codeHash(email, purpose, code), CODE_MAX_ATTEMPTS, now());
    if (!tried) {
      const spent = await repo.selectCode(db, latest.id);
      throw new AppError(
        spent && spent.attempts >= CODE_MAX_ATTEMPTS ? 'VerificationCodeUsedUp' : 'VerificationCodeExpired',
      );
    }
    if (!tried.isMatch) {
      throw new AppError(tried.attempts >= CODE_MAX_ATTEMPTS ? 'VerificationCodeUsedUp' : 'VerificationCodeIncorrect');
    }
    return latest;
  }

  return {
    /** Mails a code to a new address, and a notice without a code to the holder of an existing account. */
    async sendRegistrationCode(rawEmail: string, clientIp: string): Promise<CodeSentResponse> {
      return sendCode(normalizeEmail(rawEmail), 'register', clientIp, (code, user) =>
        user
          ? { purpose: 'registration-notice', content: composeRegistrationNotice(config.publicUrl) }
          : { purpose: 'registration-code', content: composeCodeMail('register', code) },
      );
    },

    async register(registration: Registration, clientIp: string): Promise<StartedSession> {
      const email = normalizeEmail(registration.email);
      const code = await checkCode(email, 'register', registration.verificationCode);
      const passwordHash = await hashPassword(registration.password);
      const user = await db
        .transaction(async (tx) => {
          if (!(await repo.consumeCodeOnce(tx, code.id, now()))) throw new AppError('VerificationCodeExpired');
          return repo.insertUser(tx, {
            email,
            passwordHash,
            firstName: registration.firstName,
            lastName: registration.lastName,
            introduce: registration.introduce ?? '',
            registeredBusinessName: registration.registeredBusinessName ?? '',
            registeredAddress: registration.registeredAddress,
          });
        })
        .catch((err: unknown) => {
          // needs the right code: one mailed before the account existed (so to its holder), or one mailed to nobody
          // guessed in five tries
          if (isUniqueViolation(err)) throw new AppError('EmailAlreadyRegistered');
          throw err;
        });
      log.info({ userId: user.id }, 'partner registered');
      return startSession(user, clientIp);
    },

    /** A session for the right password, or, for an account with a second factor, the challenge of its second step. */
    async login(rawEmail: string, password: string, clientIp: string): Promise<StartedSession | TwoFactorChallenge> {
      const email = normalizeEmail(rawEmail);
      const emailFromAddress = `${email}|${clientIp}`;
      // failures are counted before the password is checked, so parallel guesses cannot all pass the limit; a
      // success gives its count back
      const wait = await takeAll(
        [loginsByIp, clientIp],
        [loginFailuresByAddress, emailFromAddress],
        [loginFailuresByEmail, email],
      );
      if (wait > 0) throw tooManyRequests(wait);
      const user = await repo.selectUserByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) throw new AppError('InvalidCredentials');
      await Promise.all([loginFailuresByAddress.reset(emailFromAddress), loginFailuresByEmail.refund(email)]);
      if (await secondFactors.isRequired(user.id)) return secondFactors.challenge(user.id);
      return startSession(user, clientIp);
    },

    /** The second step of a sign-in: its challenge with an authenticator or recovery code; answers the session. */
    async loginSecondStep(body: LoginTwoFactorBody, clientIp: string): Promise<StartedSession> {
      return startSession(await secondFactors.answer(body, clientIp), clientIp, { withSecondFactor: true });
    },

    setupTotp: (user: AuthUser) => secondFactors.setupTotp(user.id, user.email),
    /** Turns the authenticator on; its first code is this session's fresh second factor. */
    async enableTotp(user: AuthUser, code: string) {
      const answer = await secondFactors.enableTotp(user.id, user.email, code);
      await repo.markSecondFactor(db, user.sessionId, now());
      return answer;
    },

    listPasskeys: (user: AuthUser) => passkeys.list(user.id),
    passkeyRegistrationOptions: (user: AuthUser) => passkeys.registrationOptions(user.id, user.email),
    registerPasskey: (user: AuthUser, body: PasskeyRegisterBody) => passkeys.register(user.id, user.email, body),
    deletePasskey: (user: AuthUser, id: string) => passkeys.remove(user.id, user.email, id),
    passkeyLoginOptions: () => passkeys.loginOptions(),
    /** Options for the account's passkeys to answer the second step of a sign-in whose password was right. */
    passkeySecondStepOptions: async (challenge: string) =>
      passkeys.optionsFor((await secondFactors.userOfChallenge(challenge)).id),
    /** Options for the signed-in partner's passkeys to give a fresh second factor. */
    passkeyStepUpOptions: (user: AuthUser) => passkeys.optionsFor(user.id),
    /** A session for a passkey alone: the device's check (a PIN, a fingerprint) is the second factor. */
    async loginWithPasskey(body: PasskeyLoginBody, clientIp: string): Promise<StartedSession> {
      return startSession(await passkeys.authenticate(body), clientIp, { withSecondFactor: true });
    },

    /** Mails the code that starts a recovery, to the account of a sign-in whose password was right. */
    async sendRecoveryCode(challenge: string, clientIp: string): Promise<CodeSentResponse> {
      const user = await secondFactors.userOfChallenge(challenge);
      return sendCode(user.email, 'two-factor-recovery', clientIp, (code) => ({
        purpose: 'two-factor-recovery-code',
        content: composeRecoveryCodeMail(code),
      }));
    },

    /** Starts the wait after which two-step sign-in turns off: the password (a challenge) and the mailbox (a code). */
    async startRecovery(challenge: string, verificationCode: string): Promise<TwoFactorRecoveryStarted> {
      const user = await secondFactors.userOfChallenge(challenge);
      const code = await checkCode(user.email, 'two-factor-recovery', verificationCode);
      if (!(await repo.consumeCodeOnce(db, code.id, now()))) throw new AppError('VerificationCodeExpired');
      return secondFactors.beginRecovery(user);
    },

    cancelRecovery: (user: AuthUser) => secondFactors.cancelRecovery(user.id, user.email),
    /** The scheduled job's work: recoveries whose wait is over turn two-step sign-in off. */
    completeDueRecoveries: () => secondFactors.completeDueRecoveries(),

    /** A fresh second factor for this session: for `STEP_UP_MINUTES`, it may change what needs one. */
    async stepUp(user: AuthUser, body: StepUpBody, clientIp: string): Promise<void> {
      await secondFactors.verify(user.id, body, clientIp);
      await repo.markSecondFactor(db, user.sessionId, now());
    },

    /**
     * Refuses (403 StepUpRequired) a change of the payout account, a new API key, an income export or a new password
     * by a session of an account with a second factor that has not given one in the last `STEP_UP_MINUTES`. An API
     * key passes: making it needed a fresh second factor, and it never reaches the account's own routes.
     */
    async requireFreshSecondFactor(user: AuthUser): Promise<void> {
      if (user.apiKey || !(await secondFactors.isRequired(user.id))) return;
      const givenAt = await repo.selectSecondFactorAt(db, user.sessionId);
      if (!givenAt || now().getTime() - givenAt.getTime() > STEP_UP_MINUTES * 60_000) {
        throw new AppError('StepUpRequired');
      }
    },
    /** Whether the account signs in with a second factor. */
    hasSecondFactor: (userId: string) => secondFactors.isRequired(userId),
    twoFactorStatus: (user: AuthUser) => secondFactors.status(user.id),
    regenerateRecoveryCodes: (user: AuthUser, code: string) =>
      secondFactors.regenerateRecoveryCodes(user.id, user.email, code),
    disableTotp: (user: AuthUser, password: string, code: string) =>
      secondFactors.disableTotp(user.id, user.email, password, code),

    async logout(user: AuthUser): Promise<void> {
      await repo.revokeSession(db, user.sessionId, now());
      events.emit('sessionsEnded', { sessionIds: [user.sessionId] });
    },

    /** The user of a bearer token, when its session is live. */
    async authenticate(token: string): Promise<AuthUser | undefined> {
      if (!token || token.length > 200) return undefined;
      const tokenHash = sha256(token);
      const session = await sessions.read(
        tokenHash,
        async () => {
          const row = await liveSession(tokenHash);
          return (
            row && {
              id: row.userId,
              email: row.email,
              role: row.role,
              sessionId: row.sessionId,
              expiresAt: row.expiresAt.getTime(),
            }
          );
        },
        // grouped by session, so that a logout or a password reset drops it
        (value) => ({ group: value.sessionId, expiresAt: value.expiresAt }),
      );
      if (!session || session.expiresAt <= now().getTime()) return undefined;
      return { id: session.id, email: session.email, role: session.role, sessionId: session.sessionId };
    },

    /** The signed-in user's account; Unauthorized once it is gone. */
    async getAccount(userId: string): Promise<Account> {
      const user = await userById(userId);
      if (!user) throw new AppError('Unauthorized');
      return toAccount(user);
    },

    async updateAccount(userId: string, update: ProfileUpdate): Promise<void> {
      const user = await repo.updateUser(db, userId, {
        firstName: update.firstName,
        lastName: update.lastName,
        introduce: update.introduce ?? '',
        registeredBusinessName: update.registeredBusinessName ?? '',
        registeredAddress: update.registeredAddress,
      });
      events.emit('profileChanged', { userId });
      if (!user) throw new AppError('Unauthorized');
    },

    /** Mails a code to the holder of an account, and nothing to an address without one. */
    async sendResetPasswordCode(rawEmail: string, clientIp: string): Promise<CodeSentResponse> {
      return sendCode(normalizeEmail(rawEmail), 'reset', clientIp, (code, user) =>
        user ? { purpose: 'reset-code', content: composeCodeMail('reset', code) } : undefined,
      );
    },

    /** Sets a new password with an emailed code, and signs the partner out everywhere. */
    async resetPassword(rawEmail: string, password: string, verificationCode: string, clientIp: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      const code = await checkCode(email, 'reset', verificationCode);
      // the code of an address without an account was mailed to nobody: fail as if it had expired
      const user = await repo.selectUserByEmail(db, email);
      if (!user) throw new AppError('VerificationCodeExpired');
      const passwordHash = await hashPassword(password);
      const revoked = await db.transaction(async (tx) => {
        const current = now();
        if (!(await repo.consumeCodeOnce(tx, code.id, current))) throw new AppError('VerificationCodeExpired');
        await repo.updateUser(tx, user.id, { passwordHash });
        return repo.revokeUserSessions(tx, user.id, current);
      });
      events.emit('sessionsEnded', { sessionIds: revoked });
      await Promise.all([loginFailuresByAddress.reset(`${email}|${clientIp}`), loginFailuresByEmail.reset(email)]);
      log.info({ userId: user.id }, 'password reset');
    },

    /**
     * Changes the password of a signed-in partner who knows the current one (a stolen session alone cannot): every
     * other session ends, this one stays, and a mail tells the account's holder. Wrong guesses count against the
     * account's login failures.
     */
    async changePassword(user: AuthUser, currentPassword: string, password: string, clientIp: string): Promise<void> {
      const emailFromAddress = `${user.email}|${clientIp}`;
      const wait = await takeAll([loginFailuresByAddress, emailFromAddress], [loginFailuresByEmail, user.email]);
      if (wait > 0) throw tooManyRequests(wait);
      const row = await repo.selectUserById(db, user.id);
      if (!row) throw new AppError('Unauthorized');
      if (!(await verifyPassword(row.passwordHash, currentPassword))) throw new AppError('CurrentPasswordIncorrect');
      await Promise.all([loginFailuresByAddress.refund(emailFromAddress), loginFailuresByEmail.refund(user.email)]);
      if (await verifyPassword(row.passwordHash, password)) throw new AppError('PasswordUnchanged');
      const passwordHash = await hashPassword(password);
      const revoked = await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash });
        return repo.revokeOtherSessions(tx, user.id, user.sessionId, now());
      });
      events.emit('sessionsEnded', { sessionIds: revoked });
      log.info({ userId: user.id, sessionsEnded: revoked.length }, 'password changed');
      await mailer.send({
        purpose: 'password-changed',
        to: row.email,
        ...renderMail({
          subject: 'Your Lumora Partner Portal password was changed',
          heading: 'Your password was changed',
          paragraphs: [
            'The password of your partner account was changed from the Edit Profile page. Every other place where ' +
              'you were signed in was signed out.',
            'If it was not you, reset your password now: someone else may be signed in to your account.',
          ],
          action: { label: 'Reset your password', url: `${config.publicUrl}${FORGOT_PASSWORD_PATH}` },
        }),
      });
    },

    /** Who partners are, for lists of their work (the review queue, the finance team's balances). */
    async summarizeUsers(ids: string[]) {
      const rows = await userById.many([...new Set(ids)]);
      return new Map(
        rows.map((user) => [
          user.id,
          {
            email: user.email,
            fullName: `${user.firstName} ${user.lastName}`.trim(),
            businessName: user.registeredBusinessName,
            isPartner: user.role === 'Partner',
          },
        ]),
      );
    },

    async findUserByEmail(rawEmail: string) {
      const user = await repo.selectUserByEmail(db, normalizeEmail(rawEmail));
      return user
        ? {
            id: user.id,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            isPartner: user.role === 'Partner',
          }
        : undefined;
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
