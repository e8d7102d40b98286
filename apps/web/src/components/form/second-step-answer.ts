// What a second step answers and how a wrong code is refused, apart from the form: the sign-in calls name them
// without loading the form with the Login page.

/** What answers a sign-in's second step: a code of the authenticator app, or one of the recovery codes. */
export type SecondStepAnswer = { code: string } | { recoveryCode: string };

/** The refusal of a wrong (or spent) code, which the form shows itself: `handlesErrors` of the call it makes. */
export const CODE_REFUSED = 'TwoFactorCodeIncorrect';
