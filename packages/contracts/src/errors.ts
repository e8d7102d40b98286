import { z } from 'zod';
import { fileMessages } from './files.ts';
import { EARLIEST_SALE_DAY } from './income-rules.ts';
import { MAX_OPEN_INVITATIONS, MAX_STUDIO_MEMBERS } from './roles.ts';

/**
 * Every error the API can answer, with its HTTP status and the message shown to users.
 * `GET /api/Language/Localization/en-US` serves these messages; the web app looks them up by code.
 */
export const errorCatalog = {
  ValidationFailed: { status: 400, message: 'Some fields are missing or invalid.' },
  UnknownField: { status: 400, message: 'The request contains fields that are not accepted.' },
  MalformedRequest: { status: 400, message: 'The request body could not be read.' },
  MalformedUrl: { status: 400, message: 'The request address is not valid.' },
  UrlTooLong: { status: 414, message: 'The request address is too long.' },
  HeadersTooLarge: { status: 431, message: 'The request headers are too large.' },
  RequestTimeout: { status: 408, message: 'The request took too long to arrive, please try again.' },
  Unauthorized: { status: 401, message: 'The user has expired, please login again.' },
  InvalidCredentials: { status: 400, message: 'The email or password is incorrect.' },
  CurrentPasswordIncorrect: { status: 400, message: 'The current password is incorrect.' },
  PasswordUnchanged: { status: 400, message: 'The new password must be different from the current one.' },
  EmailAlreadyRegistered: { status: 409, message: 'This email is already registered, please log in.' },
  VerificationCodeIncorrect: { status: 400, message: 'The verification code is incorrect.' },
  VerificationCodeExpired: {
    status: 400,
    message: 'The verification code has expired or was not requested, please send a new one.',
  },
  VerificationCodeUsedUp: {
    status: 400,
    message: 'Too many wrong verification codes, please send a new one.',
  },
  CodeRequestTooSoon: { status: 429, message: 'Please wait 30 seconds before requesting a new code.' },
  // one answer for a wrong, reused or unknown authenticator code and recovery code alike: it tells nothing apart
  TwoFactorCodeIncorrect: { status: 400, message: 'The code is incorrect or has already been used.' },
  TwoFactorChallengeExpired: {
    status: 400,
    message: 'This sign-in has expired or had too many wrong codes, please sign in again.',
  },
  TwoFactorAlreadyEnabled: { status: 409, message: 'Two-step sign-in is already on for this account.' },
  TwoFactorSetupNotStarted: {
    status: 409,
    message: 'No authenticator app is waiting to be confirmed, please start the setup again.',
  },
  TwoFactorNotEnabled: { status: 409, message: 'Two-step sign-in is not on for this account.' },
  StepUpRequired: {
    status: 403,
    message: 'Confirm it is you: enter a code from your authenticator app to continue.',
  },
  TwoFactorRecoveryNotPending: { status: 409, message: 'No request to turn off two-step sign-in is waiting.' },
  PasskeyNotVerified: { status: 400, message: 'The passkey could not be verified, please try again.' },
  PasskeyRequestExpired: { status: 400, message: 'This passkey request has expired, please try again.' },
  PasskeyNotFound: { status: 404, message: 'This passkey does not exist.' },
  TwoFactorSetupRequired: {
    status: 403,
    message: 'Turn on two-step sign-in on the Security page before you open the review console.',
  },
  Forbidden: { status: 403, message: 'You do not have permission to do this.' },
  RoleNotAllowed: { status: 403, message: 'Your role in this studio does not allow this.' },
  NotStudioMember: { status: 403, message: 'You are not a member of this studio.' },
  MemberNotFound: { status: 404, message: 'This person is not a member of the studio.' },
  AlreadyStudioMember: { status: 409, message: 'This person is already a member of the studio.' },
  AlreadyInvited: { status: 409, message: 'This email already has an open invitation to the studio.' },
  InvitationNotFound: { status: 404, message: 'This invitation does not exist.' },
  InvitationInvalid: {
    status: 400,
    message: 'This invitation has expired, was withdrawn or was already used. Ask for a new one.',
  },
  InvitationForAnotherEmail: {
    status: 403,
    message: 'This invitation was sent to another email. Sign in with that email to accept it.',
  },
  OwnerRoleFixed: {
    status: 409,
    message: 'The owner’s role cannot be changed or removed: move ownership to an admin first.',
  },
  OwnerMustBeAdmin: { status: 409, message: 'Ownership can only move to an admin of the studio.' },
  StudioMemberLimit: { status: 409, message: `A studio may have at most ${MAX_STUDIO_MEMBERS} members.` },
  InvitationLimit: { status: 409, message: `A studio may have at most ${MAX_OPEN_INVITATIONS} open invitations.` },
  ApiKeyOfAnotherStudio: { status: 403, message: 'This API key belongs to another studio.' },
  NotFound: { status: 404, message: 'The requested resource was not found.' },
  DocumentNotFound: { status: 404, message: 'This document does not exist.' },
  StaticTextNotFound: { status: 404, message: 'This text does not exist.' },
  PayoutAccountRequired: { status: 403, message: 'Please connect the stripe account first.' },
  PayoutAccountMissing: { status: 404, message: 'No Stripe account is connected yet.' },
  ConnectStateInvalid: {
    status: 400,
    message: 'This connection link is unknown, expired or already used, please start again.',
  },
  ConnectCodeInvalid: {
    status: 400,
    message: 'Stripe did not accept the connection, it may be expired or already used. Please start again.',
  },
  ConnectDenied: { status: 400, message: 'The connection was declined on Stripe.' },
  ConnectOnboardingIncomplete: {
    status: 409,
    message: 'The Stripe onboarding is not finished yet, please complete it and try again.',
  },
  PaymentProviderError: { status: 502, message: 'Stripe could not be reached, please try again in a moment.' },
  PaymentsUnavailable: { status: 503, message: 'Payments are not configured on this server.' },
  ProductNotFound: { status: 404, message: 'This project does not exist.' },
  ModelNotFound: { status: 404, message: 'This 3D model does not exist.' },
  CategoryNotFound: { status: 400, message: 'Please input category' },
  FileUrlNotOurs: {
    status: 400,
    message: 'Images must be uploaded to the Partner Portal first.',
  },
  FileMissing: { status: 400, message: 'Please choose a file to upload.' },
  FileNameInvalid: { status: 400, message: 'The file name is not valid.' },
  ImageTypeInvalid: { status: 415, message: 'Avatar picture must be JPG or PNG format!' },
  ImageTooLarge: { status: 413, message: 'Image must be smaller than 5 MB!' },
  ImageDimensionsTooLarge: { status: 413, message: fileMessages.imageDimensions },
  BuildTypeInvalid: { status: 415, message: 'File must be AB or GLB format!' },
  BuildTooLarge: { status: 413, message: 'File must be smaller than 50 MB!' },
  BuildUnreadable: {
    status: 422,
    message: 'The file could not be read as an AssetBundle or a glTF binary: it may be damaged.',
  },
  FileNotFound: { status: 404, message: 'This file does not exist.' },
  VersionNotFound: { status: 404, message: 'This version does not exist.' },
  TestingVersionExists: {
    status: 409,
    message: 'There is already a version in testing: submit it or finish it before adding another.',
  },
  ReleaseNotSettled: {
    status: 409,
    message: 'The current release is still in review or was rejected: finish it before adding or submitting another.',
  },
  VersionNumberNotHigher: {
    status: 409,
    message: 'The version number must be greater than every earlier version.',
  },
  VersionNotSubmittable: {
    status: 409,
    message: 'Only a version prepared for submission can be submitted.',
  },
  VersionBuildsMissing: { status: 409, message: 'Upload the iOS and Android builds before submitting.' },
  VersionNotEditable: {
    status: 409,
    message: 'This version cannot be changed any more: add a new version instead.',
  },
  ReviewInProgress: {
    status: 409,
    message: 'This version is being reviewed: editing it interrupts the review.',
  },
  VersionNotTakeDownable: {
    status: 409,
    message: 'Only a released, active version can be taken down.',
  },
  VersionNotReleasable: {
    status: 409,
    message: 'Only an accepted version waiting for its release can be released.',
  },
  BuildReportHasErrors: {
    status: 409,
    message: 'A build of this version has errors in its report: fix them and upload it again before submitting.',
  },
  BuildReportPending: {
    status: 409,
    message: 'A build of this version is still being validated: submit it once its report is ready.',
  },
  ApiKeyNotFound: { status: 404, message: 'This API key does not exist.' },
  ApiKeyScopeMissing: { status: 403, message: 'This API key does not have the scope this request needs.' },
  ApiKeyNotAllowed: {
    status: 403,
    message: 'API keys cannot be used for the account itself: sign in to the Partner Portal instead.',
  },
  ApiKeyLimitReached: { status: 409, message: 'You have reached the limit of API keys: revoke one first.' },
  ReviewTransitionInvalid: { status: 409, message: 'This version is not at that step of the review.' },
  TesterNotFound: { status: 404, message: 'No user information' },
  TesterAlreadyAdded: { status: 409, message: 'This user is already on your whitelist.' },
  TesterIsYou: { status: 409, message: 'You can already test your own builds: add other people here.' },
  WhitelistFull: { status: 409, message: 'Your whitelist is full: remove a tester before adding another.' },
  WhitelistEntryNotFound: { status: 404, message: 'This tester is not on your whitelist.' },
  SaleItemNotFound: { status: 404, message: 'No game or 3D model has this id: the sale was not recorded.' },
  SaleVersionNotFound: {
    status: 404,
    message: 'This game or 3D model has no version with this number: the sale was not recorded.',
  },
  SaleVersionNotReleased: {
    status: 409,
    message: 'This version was never released on the marketplace: the sale was not recorded.',
  },
  SaleDateInFuture: { status: 400, message: 'A sale cannot be purchased in the future.' },
  SaleDateTooEarly: {
    status: 400,
    message: `A sale cannot be purchased before ${EARLIEST_SALE_DAY} (UTC): the sale was not recorded.`,
  },
  SaleTransactionConflict: {
    status: 409,
    message: 'This transaction was already reported with other details.',
  },
  SaleNotFound: { status: 404, message: 'No sale has this transaction id.' },
  SaleAlreadySettled: { status: 409, message: 'This sale was already paid out to the partner: it cannot be voided.' },
  SaleInPayout: {
    status: 409,
    message:
      'This sale is in a payout that has not gone through yet (being sent, or failed and to be retried): it cannot be voided.',
  },
  CheckoutNotFound: { status: 404, message: 'No checkout has this id.' },
  ReturnUrlNotAllowed: { status: 400, message: 'cancelUrl and successUrl must be pages of this portal.' },
  WebhookSignatureInvalid: { status: 400, message: 'The webhook signature does not match.' },
  StageNotFound: { status: 404, message: 'This stage does not exist.' },
  CarouselNotFound: { status: 404, message: 'This vertical carousel does not exist.' },
  AssetNotFound: { status: 404, message: 'This asset does not exist or is not yours to place.' },
  AssetTypeMismatch: { status: 400, message: 'This asset is not of the content type it is placed as.' },
  SubscriptionRequired: {
    status: 403,
    message: 'Publishing needs an active placement month: buy one first.',
  },
  StageNotPublishable: { status: 409, message: 'This stage is already published.' },
  VideoTypeInvalid: { status: 415, message: 'Video must be MP4 or WebM format!' },
  VideoTooLarge: { status: 413, message: 'Video must be smaller than 50 MB!' },
  PayoutTransferRefused: { status: 502, message: 'The payment provider refused the transfer.' },
  PayoutNotFound: { status: 404, message: 'No payout has this id.' },
  PayoutNotFailed: { status: 409, message: 'Only a failed payout can be retried.' },
  PartnerNotFound: { status: 404, message: 'No partner has this id.' },
  SettlementRunning: {
    status: 409,
    message: 'A settlement run is already in progress: try again when it has finished.',
  },
  PayloadTooLarge: { status: 413, message: 'The request is too large.' },
  UnsupportedMediaType: { status: 415, message: 'This content type is not supported.' },
  RateLimited: { status: 429, message: 'Too many requests, please try again later.' },
  InternalError: { status: 500, message: 'Something went wrong on our side, please try again.' },
  ServiceUnavailable: { status: 503, message: 'The service is shutting down, please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

/** The one body every failed request answers with. */
export const apiErrorSchema = z.object({
  errorCode: z.string(),
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** `GET /api/Language/Localization/{culture}`: errorCode → message. */
export const localizationResponseSchema = z.record(z.string(), z.string());
export type LocalizationResponse = z.infer<typeof localizationResponseSchema>;
