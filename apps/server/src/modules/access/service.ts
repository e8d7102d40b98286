import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_VALID_MINUTES,
  type CodeSentResponse,
  type LoginResponse,
  type Profile,
  type ProfileUpdate,
  type Registration,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { renderMail } from '../../lib/mail-template.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { createNumericCode, createToken, sha256 } from '../../lib/tokens.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import * as repo from './repository.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
const ONE_HOUR = 60 * 60_000;

export interface AuthUser {
  id: string;
  email: string;
  role: 'Partner' | 'Admin';
  sessionId: string;
}

/** What other modules know about a partner's payout account; the payments module provides it. */
export interface AccountStatusProvider {
  getAccountStatus(userId: string): Promise<{ connectedToStripe: boolean; isSubscribed: boolean }>;
}

export interface AccessDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const codeHash = (email: string, purpose: repo.CodePurpose, code: string) => sha256(`${purpose}:${email}:${code}`);

export function createAccessService({ db, mailer, config, log, now = () => new Date() }: AccessDeps) {
  const limits = config.rateLimits;
  const loginFailuresByEmail = new RateLimiter(limits.loginPerEmail, FIFTEEN_MINUTES);
  const loginsByIp = new RateLimiter(limits.loginPerIp, FIFTEEN_MINUTES);
  const codesByEmail = new RateLimiter(limits.codesPerEmail, ONE_HOUR);
  const codesByIp = new RateLimiter(limits.codesPerIp, ONE_HOUR);
  /** Session lookups by token hash; revocations through this process drop them at once. */
  const sessions = new TtlCache<AuthUser & { expiresAt: number }>({
    ttlMs: config.cacheSeconds * 1000,
    maxEntries: 50_000,
  });
  let accountStatus: AccountStatusProvider = {
    getAccountStatus: async () => ({ connectedToStripe: false, isSubscribed: false }),
  };

  const refuseWhenLimited = (...waits: number[]) => {
    const wait = Math.max(...waits);
    if (wait > 0) throw new AppError('RateLimited', `Too many requests, please try again in ${wait} seconds.`);
  };

  async function toProfile(user: repo.UserRow): Promise<Profile> {
    const status = await accountStatus.getAccountStatus(user.id);
    return {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      introduce: user.introduce,
      registeredBusinessName: user.registeredBusinessName,
      registeredAddress: user.registeredAddress,
      connectedToStripe: status.connectedToStripe,
      isSubscribed: status.isSubscribed,
      role: user.role,
    };
  }

  async function startSession(user: repo.UserRow): Promise<LoginResponse> {
    const accessToken = createToken();
    const createdAt = now();
    await repo.insertSession(db, {
      userId: user.id,
      tokenHash: sha256(accessToken),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + config.sessionTtlDays * 24 * 60 * 60_000),
    });
    return { accessToken, profile: await toProfile(user) };
  }

  async function sendCode(email: string, purpose: repo.CodePurpose, clientIp: string): Promise<CodeSentResponse> {
    const latest = await repo.selectLatestCode(db, email, purpose);
    const current = now();
    if (latest) {
      const waitMs = latest.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 - current.getTime();
      if (waitMs > 0) {
        throw new AppError(
          'CodeRequestTooSoon',
          `Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`,
        );
      }
    }
    refuseWhenLimited(codesByEmail.retryAfter(email), codesByIp.retryAfter(clientIp));
    codesByEmail.hit(email);
    codesByIp.hit(clientIp);

    const code = createNumericCode();
    await repo.replaceCode(db, {
      email,
      purpose,
      codeHash: codeHash(email, purpose, code),
      createdAt: current,
      expiresAt: new Date(current.getTime() + CODE_VALID_MINUTES * 60_000),
    });
    const isRegistration = purpose === 'register';
    await mailer.send({
      purpose: isRegistration ? 'registration-code' : 'reset-code',
      to: email,
      ...renderMail({
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
      }),
    });
    log.info({ purpose }, 'verification code sent');
    return { resendAfterSeconds: CODE_RESEND_SECONDS };
  }

  /** Checks a code; wrong tries are recorded (and the fifth burns the code) before the request fails. */
  async function checkCode(email: string, purpose: repo.CodePurpose, code: string) {
    const latest = await repo.selectLatestCode(db, email, purpose);
    const current = now();
    if (!latest) throw new AppError('VerificationCodeExpired');
    if (latest.consumedAt) {
      throw new AppError(latest.attempts >= CODE_MAX_ATTEMPTS ? 'VerificationCodeUsedUp' : 'VerificationCodeExpired');
    }
    if (latest.expiresAt <= current) throw new AppError('VerificationCodeExpired');
    if (latest.codeHash !== codeHash(email, purpose, code)) {
      await repo.recordWrongCode(db, latest.id, CODE_MAX_ATTEMPTS, current);
      if (latest.attempts + 1 >= CODE_MAX_ATTEMPTS) throw new AppError('VerificationCodeUsedUp');
      throw new AppError('VerificationCodeIncorrect');
    }
    return latest;
  }

  return {
    /** The payments module tells profiles whether a payout account is connected. */
    setAccountStatusProvider(provider: AccountStatusProvider) {
      accountStatus = provider;
    },

    async sendRegistrationCode(rawEmail: string, clientIp: string): Promise<CodeSentResponse> {
      const email = normalizeEmail(rawEmail);
      if (await repo.selectUserByEmail(db, email)) throw new AppError('EmailAlreadyRegistered');
      return sendCode(email, 'register', clientIp);
    },

    async register(registration: Registration): Promise<LoginResponse> {
      const email = normalizeEmail(registration.email);
      if (await repo.selectUserByEmail(db, email)) throw new AppError('EmailAlreadyRegistered');
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
          if (isUniqueViolation(err)) throw new AppError('EmailAlreadyRegistered');
          throw err;
        });
      log.info({ userId: user.id }, 'partner registered');
      return startSession(user);
    },

    async login(rawEmail: string, password: string, clientIp: string): Promise<LoginResponse> {
      const email = normalizeEmail(rawEmail);
      refuseWhenLimited(loginsByIp.retryAfter(clientIp), loginFailuresByEmail.retryAfter(email));
      loginsByIp.hit(clientIp);
      const user = await repo.selectUserByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        loginFailuresByEmail.hit(email);
        throw new AppError('InvalidCredentials');
      }
      loginFailuresByEmail.reset(email);
      return startSession(user);
    },

    async logout(user: AuthUser): Promise<void> {
      await repo.revokeSession(db, user.sessionId, now());
      sessions.deleteGroup(user.sessionId);
    },

    /** The user of a bearer token, when its session is live. */
    async authenticate(token: string): Promise<AuthUser | undefined> {
      if (!token || token.length > 200) return undefined;
      const tokenHash = sha256(token);
      const cached = sessions.get(tokenHash);
      if (cached && cached.expiresAt > now().getTime()) {
        return { id: cached.id, email: cached.email, role: cached.role, sessionId: cached.sessionId };
      }
      const row = await repo.selectLiveSession(db, tokenHash, now());
      if (!row) return undefined;
      const user: AuthUser = { id: row.userId, email: row.email, role: row.role, sessionId: row.sessionId };
      // grouped by session and by user, so that a logout or a password reset drops it
      sessions.set(tokenHash, row.sessionId, { ...user, expiresAt: row.expiresAt.getTime() }, row.expiresAt.getTime());
      return user;
    },

    async getProfile(userId: string): Promise<Profile> {
      const user = await repo.selectUserById(db, userId);
      if (!user) throw new AppError('Unauthorized');
      return toProfile(user);
    },

    async updateProfile(userId: string, update: ProfileUpdate): Promise<Profile> {
      const user = await repo.updateUser(db, userId, {
        firstName: update.firstName,
        lastName: update.lastName,
        introduce: update.introduce ?? '',
        registeredBusinessName: update.registeredBusinessName ?? '',
        registeredAddress: update.registeredAddress,
      });
      if (!user) throw new AppError('Unauthorized');
      return toProfile(user);
    },

    async sendResetPasswordCode(rawEmail: string, clientIp: string): Promise<CodeSentResponse> {
      const email = normalizeEmail(rawEmail);
      if (!(await repo.selectUserByEmail(db, email))) throw new AppError('EmailNotRegistered');
      return sendCode(email, 'reset', clientIp);
    },

    /** Sets a new password with an emailed code, and signs the partner out everywhere. */
    async resetPassword(rawEmail: string, password: string, verificationCode: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      const user = await repo.selectUserByEmail(db, email);
      if (!user) throw new AppError('EmailNotRegistered');
      const code = await checkCode(email, 'reset', verificationCode);
      const passwordHash = await hashPassword(password);
      const revoked = await db.transaction(async (tx) => {
        const current = now();
        if (!(await repo.consumeCodeOnce(tx, code.id, current))) throw new AppError('VerificationCodeExpired');
        await repo.updateUser(tx, user.id, { passwordHash });
        return repo.revokeUserSessions(tx, user.id, current);
      });
      for (const sessionId of revoked) sessions.deleteGroup(sessionId);
      loginFailuresByEmail.reset(email);
      log.info({ userId: user.id }, 'password reset');
    },

    /** Who partners are, for lists of their work (the review queue). */
    async summarizeUsers(ids: string[]) {
      const rows = await repo.selectUsersByIds(db, ids);
      return new Map(
        rows.map((user) => [
          user.id,
          {
            email: user.email,
            fullName: `${user.firstName} ${user.lastName}`.trim(),
            businessName: user.registeredBusinessName,
          },
        ]),
      );
    },

    async findUserByEmail(rawEmail: string) {
      const user = await repo.selectUserByEmail(db, normalizeEmail(rawEmail));
      return user ? { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName } : undefined;
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
