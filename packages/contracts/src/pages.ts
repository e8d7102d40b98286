import type { CatalogItemType } from './item-types.ts';

/*
 * The portal's pages that both sides name: the web app routes to them, the server's mails and payment providers link
 * to them. No zod here: the web app's route table, in every page's bundle, imports this module.
 */

export const LOGIN_PATH = '/login';
/** Where a partner resets a forgotten password with an emailed code; the password-changed mail links to it. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
/** Edit Profile, where a signed-in partner also changes their password. */
export const PROFILE_PATH = '/profile';
/** Security: two-step sign-in (the authenticator app, recovery codes); the two-step mails link to it. */
export const SECURITY_PATH = '/security';
/** The Team page: members, roles, invitations. */
export const TEAM_PATH = '/team';
/** The Audit page: the studio's audit log. */
export const AUDIT_PATH = '/team/audit';
/** Where an invitation's mail leads: `?token=` carries its one-time token. */
export const INVITATION_PATH = '/invitation';
export const MY_PROJECTS_PATH = '/developers/my-project';
export const GAME_SUBMISSION_PATH = `${MY_PROJECTS_PATH}/submission` as const;
export const MODEL_SUBMISSION_PATH = `${MY_PROJECTS_PATH}/3D-model-submission` as const;
export const ITEM_DETAIL_PATH = `${MY_PROJECTS_PATH}/detail` as const;
export const VERSION_PAGE_PATH = `${MY_PROJECTS_PATH}/version` as const;
export const MANAGE_TESTER_PATH = `${MY_PROJECTS_PATH}/tester` as const;
export const TEST_STAGING_PATH = `${MY_PROJECTS_PATH}/test-staging` as const;
/** The page where a tester finds the builds shared with them; whitelist mails link to it. */
export const TESTING_BUILDS_PATH = '/testing-builds';
/** Where a partner connects the payout account its payouts are sent to. */
export const CONNECT_PAYOUT_ACCOUNT_PATH = '/stripe';
/** Where the payment provider sends a partner back after connecting a payout account. */
export const STRIPE_CONNECTED_PATH = '/stripe-connected';
/** Analytics: how the studio's games are played and its stages seen. */
export const ANALYTICS_PATH = '/analytics';
/** My Project Income; settlement mails link to it. */
export const INCOME_PATH = '/commission';
export const PURCHASE_HISTORY_PATH = '/purchase-history';
/** The AR placement page, where the stage list lives and a month is bought. */
export const VPS_PATH = '/vps';

/** The query names of the Detail page: the item `id`, its list `type`, and the `name` the banner shows. */
export const ITEM_DETAIL_QUERY = { id: 'id', type: 'type', name: 'name' } as const;

/** The query names of the Version page: the item (`prodId`), the version (`vId`) and the item's list (`type`). */
export const VERSION_PAGE_QUERY = { itemId: 'prodId', versionId: 'vId', type: 'type' } as const;

/** The query name of Test Staging: the product the console opens for. */
export const TEST_STAGING_QUERY = { productId: 'prodId' } as const;

/** The Detail page of an item; with `name`, the banner shows it as the title. */
export const itemDetailPath = (item: { id: string; type: CatalogItemType; name?: string }) => {
  const q = ITEM_DETAIL_QUERY;
  const query = new URLSearchParams(item.name === undefined ? {} : { [q.name]: item.name });
  query.set(q.id, item.id);
  query.set(q.type, item.type);
  return `${ITEM_DETAIL_PATH}?${query}`;
};

/** The Version page of one version of an item. */
export const versionPagePath = (version: { itemId: string; versionId: string; type: CatalogItemType }) => {
  const q = VERSION_PAGE_QUERY;
  return `${VERSION_PAGE_PATH}?${new URLSearchParams({ [q.itemId]: version.itemId, [q.versionId]: version.versionId, [q.type]: version.type })}`;
};

/** The submission form of a list: a new item, or the edit form of `id`. */
export const submissionPath = (type: CatalogItemType, id?: string) => {
  const path = type === 'game' ? GAME_SUBMISSION_PATH : MODEL_SUBMISSION_PATH;
  return id ? `${path}?${new URLSearchParams({ id })}` : path;
};

/** Test Staging, opened for one product. */
export const testStagingPath = (productId: string) =>
  `${TEST_STAGING_PATH}?${new URLSearchParams({ [TEST_STAGING_QUERY.productId]: productId })}`;

/** Login, coming back to `redirect` once signed in. */
export const loginPath = (redirect: string) => `${LOGIN_PATH}?${new URLSearchParams({ redirect })}`;

/** How a partner comes back from the payment provider's checkout: paid (or a free month), or cancelled. */
export type CheckoutReturnKind = 'success' | 'cancelled';
/** The return page's query: how the partner came back, and (from the provider) the checkout's id. */
export const CHECKOUT_RETURN_QUERY = { kind: 'checkout', sessionId: 'session_id' } as const;
/** The checkout's return page: the VPS page, saying how the partner came back. */
export const checkoutReturnPath = (kind: CheckoutReturnKind) =>
  `${VPS_PATH}?${new URLSearchParams({ [CHECKOUT_RETURN_QUERY.kind]: kind })}`;
