/** Where a partner connects the payout account its payouts are sent to. */
export const CONNECT_PAYOUT_ACCOUNT_PATH = '/stripe';

/** Login, coming back to My Project Income once signed in. */
export const SIGN_IN_PATH = `/login?${new URLSearchParams({ redirect: '/commission' })}`;
