import { displayCorrections } from './display-corrections.ts';

/**
 * Texts the portal shows, in a module without zod: the web app's shell imports it through
 * `@portal/contracts/messages` and stays small.
 */

export const messages = {
  emailRequired: 'Please input the email',
  emailFormat: 'Incorrect email format',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  controlCharacters: 'Must not contain control characters',
  wholeNumber: (min: number, max: number) => `Must be a whole number from ${min} to ${max}`,
  completeTheForm: 'please complete the form',
  pageNotLoaded: 'Part of this page could not be downloaded. Check your connection and try again.',
} as const;

export const paymentMessages = {
  connectFirst: 'Please connect the stripe account first.',
  connected: 'Stripe connect successfully.',
  connectFailed: 'Failed to connect to stripe account',
  linkSent: 'Stripe connection link has been sent to your email.',
  accountTypeRequired: 'Please select the account type',
} as const;

/** The staging console's messages (SPEC §5); the console reads them from here. */
export const stagingMessages = {
  roundsMaxBelowMin: displayCorrections.roundsMaxBelowMin.shown,
} as const;
