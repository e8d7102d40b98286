import {
  type Passkey,
  type PasskeyLoginBody,
  type PasskeyOptionsResponse,
  type PasskeyRegisterBody,
  SECURITY_PATH,
} from '@portal/contracts';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { renderMail } from '../../lib/mail-template.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import * as keys from './passkeys-repository.ts';
import * as repo from './repository.ts';

/** How long a ceremony's options wait for the browser's answer. */
const CEREMONY_MS = 5 * 60_000;
const RP_NAME = 'Lumora Partner Portal';

export interface PasskeyDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  log: FastifyBaseLogger;
  now: () => Date;
}

const summary = (row: keys.PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn, through `@simplewebauthn/server`): adding one to a signed-in account, and signing in with one
 * alone, the device's own check (a PIN, a fingerprint) being the second factor. The relying party is `PUBLIC_URL`'s
 * host and its origin. Only public keys are kept; each ceremony's challenge is spent once.
 */
export function createPasskeys({ db, mailer, config, log, now }: PasskeyDeps) {
  /** Tells the account's holder that a passkey came or went, with the way to check. */
  async function mailChange(email: string, name: string, change: 'added' | 'deleted') {
    const added = change === 'added';
    await mailer.send({
      purpose: added ? 'passkey-added' : 'passkey-deleted',
      to: email,
      ...renderMail({
        subject: added
          ? 'A passkey was added to your Lumora Partner Portal account'
          : 'A passkey was removed from your Lumora Partner Portal account',
        heading: added ? 'A passkey was added' : 'A passkey was removed',
        paragraphs: [
          added
            ? `The passkey “${name}” can now sign in to your partner account on its own.`
            : `The passkey “${name}” no longer signs in to your partner account.`,
          'If it was not you, delete any passkey you do not know on the Security page and change your password.',
        ],
        action: { label: 'Open Security', url: `${config.publicUrl}${SECURITY_PATH}` },
      }),
    });
  }

  const origin = new URL(config.publicUrl).origin;
  const rpID = new URL(config.publicUrl).hostname;

  async function ceremony(
    purpose: keys.PasskeyPurpose,
    userId: string | null,
    options: { challenge: string },
  ): Promise<PasskeyOptionsResponse> {
    const createdAt = now();
    const optionsId = await keys.insertChallenge(db, {
      challenge: options.challenge,
      userId,
      purpose,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + CEREMONY_MS),
    });
    return { optionsId, options };
  }

  /** The ceremony's challenge, spent: refused once used, expired, or another's. */
  async function spend(optionsId: string, purpose: keys.PasskeyPurpose, userId: string | null) {
    const challenge = isUuid(optionsId) ? await keys.consumeChallenge(db, optionsId, purpose, now()) : undefined;
    if (!challenge || challenge.userId !== userId) throw new AppError('PasskeyRequestExpired');
    return challenge.challenge;
  }

  return {
    list: async (userId: string): Promise<Passkey[]> => (await keys.listPasskeys(db, userId)).map(summary),

    async registrationOptions(userId: string, email: string): Promise<PasskeyOptionsResponse> {
      const existing = await keys.listPasskeys(db, userId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: email,
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        excludeCredentials: existing.map((key) => ({
          id: key.credentialId,
          transports: key.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return ceremony('register', userId, options);
    },

    async register(userId: string, email: string, body: PasskeyRegisterBody): Promise<Passkey> {
      const expectedChallenge = await spend(body.optionsId, 'register', userId);
      const verified = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verified?.verified) throw new AppError('PasskeyNotVerified');
      const { credential } = verified.registrationInfo;
      // a credential already kept (here or on another account) is refused by its unique id, in the insert itself
      const row = await keys.insertPasskey(db, {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: body.name.trim(),
        createdAt: now(),
      });
      if (!row) throw new AppError('PasskeyNotVerified');
      log.info({ userId, passkeyId: row.id }, 'passkey added');
      await mailChange(email, row.name, 'added');
      return summary(row);
    },

    async remove(userId: string, email: string, id: string): Promise<void> {
      const deleted = isUuid(id) ? await keys.deletePasskey(db, userId, id) : undefined;
      if (!deleted) throw new AppError('PasskeyNotFound');
      log.info({ userId, passkeyId: id }, 'passkey deleted');
      await mailChange(email, deleted.name, 'deleted');
    },

    /** Options for a sign-in with any passkey of this site (the browser offers the ones it holds). */
    async loginOptions(): Promise<PasskeyOptionsResponse> {
      return ceremony('login', null, await generateAuthenticationOptions({ rpID, userVerification: 'required' }));
    },

    /** Whether the account has a passkey that could answer its second step. */
    has: async (userId: string) => (await keys.listPasskeys(db, userId)).length > 0,

    /** Options for one account's passkeys to answer its second step or a step-up. */
    async optionsFor(userId: string): Promise<PasskeyOptionsResponse> {
      const existing = await keys.listPasskeys(db, userId);
      if (existing.length === 0) throw new AppError('PasskeyNotFound');
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        allowCredentials: existing.map((key) => ({
          id: key.credentialId,
          transports: key.transports as AuthenticatorTransport[],
        })),
      });
      return ceremony('login', userId, options);
    },

    /**
     * The account a passkey signs in, once its signature over the spent challenge holds; with `userId`, only a
     * passkey of that account answering options made for it (a second step, a step-up).
     */
    async authenticate(body: PasskeyLoginBody, userId: string | null = null): Promise<repo.UserRow> {
      const expectedChallenge = await spend(body.optionsId, 'login', userId);
      const response = body.response as unknown as AuthenticationResponseJSON;
      const key = await keys.selectPasskeyByCredential(db, response.id);
      if (!key || (userId !== null && key.userId !== userId)) throw new AppError('PasskeyNotVerified');
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: key.credentialId,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
          counter: key.counter,
          transports: key.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verified?.verified) throw new AppError('PasskeyNotVerified');
      await keys.markPasskeyUsed(db, key.id, verified.authenticationInfo.newCounter, now());
      const user = await repo.selectUserById(db, key.userId);
      if (!user) throw new AppError('PasskeyNotVerified');
      return user;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
