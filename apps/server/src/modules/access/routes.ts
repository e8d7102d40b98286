import {
  apiErrorSchema,
  changePasswordBodySchema,
  codeSentResponseSchema,
  type LoginResponse,
  loginBodySchema,
  loginResponseSchema,
  loginTwoFactorBodySchema,
  type Profile,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyLoginBodySchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterBodySchema,
  passkeySchema,
  passkeySecondStepOptionsBodySchema,
  profileSchema,
  recoveryCodesBodySchema,
  recoveryCodesResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  STUDIO_HEADER,
  sendCodeQuerySchema,
  signInResponseSchema,
  stepUpBodySchema,
  type TwoFactorChallenge,
  totpDisableBodySchema,
  totpEnableBodySchema,
  totpSetupResponseSchema,
  twoFactorRecoveryConfirmBodySchema,
  twoFactorRecoveryStartBodySchema,
  twoFactorRecoveryStartedSchema,
  twoFactorStatusSchema,
  updateProfileBodySchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';
import type { StartedSession } from './service.ts';

const tags = ['access'];
const doc = describeRoutes(tags);
const errors = errorResponses(400, 429);

/**
 * The profile a route answers: the account with its payout standing, which the payments module composes
 * (payments/profiles.ts) above this one; app.ts hands it here.
 */
export interface ProfileSource {
  /** Read past any cache: what a sign-in or an update answers; the payout standing of `studioId` (default: own). */
  read(userId: string, studioId?: string): Promise<Profile>;
  /** Possibly kept a while: what a plain read answers. */
  get(userId: string, studioId?: string): Promise<Profile>;
}

/** Sign-in, registration and password reset: open to everyone. */
export const accessRoutes = (profiles: ProfileSource) =>
  routeGroup(async (app, { access }) => {
    const withProfile = async (session: StartedSession): Promise<LoginResponse> => ({
      accessToken: session.accessToken,
      profile: await profiles.read(session.userId),
    });

    app.post(
      '/api/Access/Login',
      doc(
        'signIn',
        'Sign in with email and password: the session, or, for an account with two-step sign-in, the challenge its second step answers',
        { body: loginBodySchema, response: { 200: signInResponseSchema, ...errors } },
      ),
      async (request): Promise<LoginResponse | TwoFactorChallenge> => {
        const started = await access.login(request.body.email, request.body.password, request.ip);
        return 'twoFactorRequired' in started ? started : withProfile(started);
      },
    );

    app.post(
      '/api/Access/Login/TwoFactor',
      doc(
        'signInSecondStep',
        "A sign-in's second step: its challenge with an authenticator app's code or a recovery code; answers the session as Login does",
        { body: loginTwoFactorBodySchema, response: { 200: loginResponseSchema, ...errors } },
      ),
      async (request) => withProfile(await access.loginSecondStep(request.body, request.ip)),
    );

    app.post(
      '/api/Access/Passkeys/Login/Options',
      {
        ...doc(
          'createPasskeyLoginOptions',
          'Options for signing in with a passkey (the browser offers the ones it holds)',
          {
            response: { 200: passkeyOptionsResponseSchema, 429: apiErrorSchema },
          },
        ),
        // each answer keeps a challenge for 5 minutes: anyone may ask, not without end
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async () => access.passkeyLoginOptions(),
    );

    app.post(
      '/api/Access/Passkeys/SecondStep/Options',
      doc(
        'createPasskeySecondStepOptions',
        "Options for the account's passkeys to answer the second step of a sign-in whose password was right",
        { body: passkeySecondStepOptionsBodySchema, response: { 200: passkeyOptionsResponseSchema, ...errors } },
      ),
      async (request) => access.passkeySecondStepOptions(request.body.challenge),
    );

    app.post(
      '/api/Access/Passkeys/Login/Verify',
      doc('signInWithPasskey', 'Sign in with a passkey alone: it is both factors; answers the session as Login does', {
        body: passkeyLoginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      }),
      async (request) => withProfile(await access.loginWithPasskey(request.body, request.ip)),
    );

    app.post(
      '/api/Access/Login/TwoFactor/Recovery',
      doc(
        'sendTwoFactorRecoveryCode',
        'Lost the authenticator and the recovery codes: mail a code to the account of a sign-in whose password was right',
        { body: twoFactorRecoveryStartBodySchema, response: { 200: codeSentResponseSchema, ...errors } },
      ),
      async (request) => access.sendRecoveryCode(request.body.challenge, request.ip),
    );

    app.post(
      '/api/Access/Login/TwoFactor/Recovery/Confirm',
      doc(
        'startTwoFactorRecovery',
        'With the mailed code, start the 3-day wait after which two-step sign-in turns off (cancelable from any signed-in session)',
        { body: twoFactorRecoveryConfirmBodySchema, response: { 200: twoFactorRecoveryStartedSchema, ...errors } },
      ),
      async (request) => access.startRecovery(request.body.challenge, request.body.verificationCode),
    );
    app.get(
      '/api/Access/SendRegistrationCode',
      doc(
        'sendRegistrationCode',
        'Mail a 6-digit registration code (valid 10 minutes; one per 30 seconds); an address that has an account gets a notice instead, with the same answer',
        { querystring: sendCodeQuerySchema, response: { 200: codeSentResponseSchema, ...errors } },
      ),
      async (request) => access.sendRegistrationCode(request.query.email, request.ip),
    );

    app.post(
      '/api/Access/Register',
      doc('register', 'Create a partner account with the emailed code; answers a session', {
        body: registerBodySchema,
        response: { 200: loginResponseSchema, 409: apiErrorSchema, ...errors },
      }),
      async (request) => withProfile(await access.register(request.body, request.ip)),
    );

    app.get(
      '/api/Access/SendResetPasswordCode',
      doc(
        'sendResetPasswordCode',
        'Mail a 6-digit code to reset the password; an address without an account gets nothing, with the same answer',
        { querystring: sendCodeQuerySchema, response: { 200: codeSentResponseSchema, ...errors } },
      ),
      async (request) => access.sendResetPasswordCode(request.query.email, request.ip),
    );

    app.post(
      '/api/Access/ResetPassword',
      doc('resetPassword', 'Set a new password with the emailed code; signs out every session', {
        body: resetPasswordBodySchema,
        response: { 200: z.object({}), ...errors },
      }),
      async (request) => {
        const { email, password, verificationCode } = request.body;
        await access.resetPassword(email, password, verificationCode, request.ip);
        return {};
      },
    );
  });

/** The signed-in partner's own account; registered behind `signedIn`. */
export const accountRoutes = (profiles: ProfileSource) =>
  routeGroup(async (app, { access }) => {
    /** The studio a personal route's request names, when it names one the person is in (else 403 NotStudioMember). */
    const studioNamed = async (request: FastifyRequest, userId: string): Promise<string | undefined> => {
      const header = request.headers[STUDIO_HEADER.toLowerCase()];
      if (typeof header !== 'string' || header === '') return undefined;
      return (await app.resolveStudio(userId, header)).studioId;
    };
    app.get(
      '/api/Access/Profile',
      doc(
        'getProfile',
        "The signed-in partner's profile, with the payout standing of the studio X-Studio-Id names (default: their own)",
        { response: { 200: profileSchema } },
      ),
      async (request) => {
        const user = currentUser(request);
        return profiles.get(user.id, await studioNamed(request, user.id));
      },
    );

    app.put(
      '/api/Access/Profile',
      doc('updateProfile', "Update the signed-in partner's profile", {
        body: updateProfileBodySchema,
        response: { 200: profileSchema, ...errors },
      }),
      async (request) => {
        const userId = currentUser(request).id;
        await access.updateAccount(userId, request.body);
        return profiles.read(userId);
      },
    );

    app.put(
      '/api/Access/Password',
      doc(
        'updatePassword',
        "Change the signed-in partner's password: the current one proves it is them; every other session ends and a mail says so",
        { body: changePasswordBodySchema, response: { 204: z.null(), ...errors } },
      ),
      async (request, reply) => {
        const { currentPassword, password } = request.body;
        await access.requireFreshSecondFactor(currentUser(request));
        await access.changePassword(currentUser(request), currentPassword, password, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/Access/TwoFactor/StepUp',
      doc(
        'confirmSecondFactor',
        'Give this session a fresh second factor (an authenticator or recovery code): for 10 minutes it may change the payout account, create API keys, export income and change the password',
        { body: stepUpBodySchema, response: { 204: z.null(), 409: apiErrorSchema, ...errors } },
      ),
      async (request, reply) => {
        await access.stepUp(currentUser(request), request.body, request.ip);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/Access/TwoFactor/Recovery',
      doc('cancelTwoFactorRecovery', 'Cancel a waiting request to turn two-step sign-in off by email; a mail says so', {
        response: { 204: z.null(), 409: apiErrorSchema },
      }),
      async (request, reply) => {
        await access.cancelRecovery(currentUser(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/Access/Passkeys',
      doc('listPasskeys', "The signed-in partner's passkeys, newest first", { response: { 200: passkeyListSchema } }),
      async (request) => ({ data: await access.listPasskeys(currentUser(request)) }),
    );

    app.post(
      '/api/Access/Passkeys/StepUp/Options',
      doc('createPasskeyStepUpOptions', "Options for the signed-in partner's passkeys to give a fresh second factor", {
        response: { 200: passkeyOptionsResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => access.passkeyStepUpOptions(currentUser(request)),
    );

    app.post(
      '/api/Access/Passkeys/Register/Options',
      doc(
        'createPasskeyRegistrationOptions',
        'Options for adding a passkey to the signed-in account (with two-step sign-in on: after a fresh second factor)',
        { response: { 200: passkeyOptionsResponseSchema } },
      ),
      async (request) => {
        await access.requireFreshSecondFactor(currentUser(request));
        return access.passkeyRegistrationOptions(currentUser(request));
      },
    );

    app.post(
      '/api/Access/Passkeys/Register/Verify',
      doc('registerPasskey', "Add the passkey the browser made with the options, under the partner's name for it", {
        body: passkeyRegisterBodySchema,
        response: { 200: passkeySchema, ...errors },
      }),
      async (request) => {
        await access.requireFreshSecondFactor(currentUser(request));
        return access.registerPasskey(currentUser(request), request.body);
      },
    );

    app.delete(
      '/api/Access/Passkeys/:id',
      doc('deletePasskey', "Delete one of the signed-in partner's passkeys: it signs in no more", {
        params: passkeyIdParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema },
      }),
      async (request, reply) => {
        await access.deletePasskey(currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/Access/TwoFactor',
      doc(
        'getTwoFactorStatus',
        "The signed-in partner's second factors: whether the authenticator app is on, since when, and the recovery codes left",
        {
          response: { 200: twoFactorStatusSchema },
        },
      ),
      async (request) => access.twoFactorStatus(currentUser(request)),
    );

    app.post(
      '/api/Access/TwoFactor/RecoveryCodes',
      doc(
        'createRecoveryCodes',
        'Make a new set of 10 recovery codes with a current authenticator code; the earlier ones stop working',
        {
          body: recoveryCodesBodySchema,
          response: { 200: recoveryCodesResponseSchema, 409: apiErrorSchema, ...errors },
        },
      ),
      async (request) => access.regenerateRecoveryCodes(currentUser(request), request.body.code),
    );

    app.post(
      '/api/Access/TwoFactor/Totp/Setup',
      doc(
        'setUpTotp',
        'Start setting up an authenticator app: a new secret, its otpauth URL and QR code; nothing changes at sign-in until it is enabled',
        { response: { 200: totpSetupResponseSchema, 409: apiErrorSchema } },
      ),
      async (request) => access.setupTotp(currentUser(request)),
    );

    app.post(
      '/api/Access/TwoFactor/Totp/Enable',
      doc(
        'enableTotp',
        'Turn two-step sign-in on with a code of the app being set up; answers 10 single-use recovery codes, shown this once',
        { body: totpEnableBodySchema, response: { 200: recoveryCodesResponseSchema, 409: apiErrorSchema, ...errors } },
      ),
      async (request) => access.enableTotp(currentUser(request), request.body.code),
    );

    app.delete(
      '/api/Access/TwoFactor/Totp',
      doc(
        'disableTotp',
        'Turn two-step sign-in off with the password and a current code; the recovery codes go with it, and a mail says so',
        { body: totpDisableBodySchema, response: { 204: z.null(), 409: apiErrorSchema, ...errors } },
      ),
      async (request, reply) => {
        await access.disableTotp(currentUser(request), request.body.password, request.body.code);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/Access/Logout',
      {
        schema: { tags, operationId: 'signOut', summary: 'End this session', response: { 204: z.null() } },
      },
      async (request, reply) => {
        await access.logout(currentUser(request));
        return reply.status(204).send(null);
      },
    );
  });
