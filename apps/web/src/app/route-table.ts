import {
  ANALYTICS_PATH,
  AUDIT_PATH,
  CONNECT_PAYOUT_ACCOUNT_PATH,
  GAME_SUBMISSION_PATH,
  INCOME_PATH,
  INVITATION_PATH,
  ITEM_DETAIL_PATH,
  LOGIN_PATH,
  MANAGE_TESTER_PATH,
  MODEL_SUBMISSION_PATH,
  MY_PROJECTS_PATH,
  PURCHASE_HISTORY_PATH,
  SECURITY_PATH,
  STRIPE_CONNECTED_PATH,
  TEAM_PATH,
  TEST_STAGING_PATH,
  TESTING_BUILDS_PATH,
  VERSION_PAGE_PATH,
  VPS_PATH,
} from '@portal/contracts/pages';
import type { PagePermission } from '../lib/studio-role.ts';

/** Where a route may be shown: signed in, with a connected payout account, from abroad only, as an admin. */
export type Guard = 'auth' | 'connected' | 'abroadOnly' | 'admin';

/** One entry of the route table: what the banner, breadcrumb, title and guards need. */
export interface RouteEntry<P extends string = string> {
  path: P;
  name: string;
  /** Breadcrumb parent. Defaults to Home. */
  parent?: string;
  layout: 'frame' | 'full';
  /** The banner with breadcrumb; on everywhere but `/` and `/config-vps-placement`. */
  hasBanner: boolean;
  guards: Guard[];
  /**
   * What the role in the studio the tab acts in must allow to use the page (`can` in contracts): a signed-in member
   * without it reads why instead of a page whose calls fail.
   */
  permission?: PagePermission;
}

type RouteInput<P extends string> = Omit<RouteEntry<P>, 'layout' | 'hasBanner' | 'guards'> &
  Partial<Pick<RouteEntry<P>, 'layout' | 'hasBanner' | 'guards'>>;

const route = <const P extends string>(input: RouteInput<P>): RouteEntry<P> => ({
  layout: 'frame',
  hasBanner: true,
  guards: [],
  ...input,
});

/**
 * Every route of the portal, paths and names as in the specification. Data only, so that the browser tests walk
 * the same table: a route added here is visited by them. `routes.tsx` gives each path its page.
 */
export const routeTable = [
  route({
    path: '/',
    name: 'Home',
    layout: 'full',
    hasBanner: false,
  }),
  route({ path: '/about', name: 'About' }),
  route({ path: LOGIN_PATH, name: 'Login' }),
  route({
    path: '/forgot-password',
    name: 'Forgot Password',
    parent: LOGIN_PATH,
  }),
  route({
    path: '/start-submission',
    name: 'Start Submission',
    guards: ['auth', 'connected'],
    permission: 'items.write',
  }),
  route({
    path: '/document',
    name: 'Document',
    parent: '/developers',
  }),
  route({
    path: '/business',
    name: 'Business Partners',
  }),
  route({
    path: '/developers',
    name: 'Developers',
  }),
  route({
    path: MY_PROJECTS_PATH,
    name: 'My Projects',
    parent: '/developers',
    guards: ['auth'],
    // every role reads them: the page waits for the role, so that it shows only what the role may do
    permission: 'items.read',
  }),
  route({
    path: GAME_SUBMISSION_PATH,
    name: 'Submission',
    parent: MY_PROJECTS_PATH,
    guards: ['auth', 'connected'],
    permission: 'listing.write',
  }),
  route({
    path: MODEL_SUBMISSION_PATH,
    name: 'Submission of 3D Models',
    parent: MY_PROJECTS_PATH,
    guards: ['auth', 'connected'],
    permission: 'listing.write',
  }),
  route({
    path: ITEM_DETAIL_PATH,
    name: 'Detail',
    parent: MY_PROJECTS_PATH,
    guards: ['auth'],
    // every role reads them: the page waits for the role, so that it shows only what the role may do
    permission: 'items.read',
  }),
  route({
    path: VERSION_PAGE_PATH,
    name: 'Version',
    parent: MY_PROJECTS_PATH,
    guards: ['auth', 'connected'],
    // every role reads them: the page waits for the role, so that it shows only what the role may do
    permission: 'items.read',
  }),
  route({
    path: MANAGE_TESTER_PATH,
    name: 'Manage Tester',
    parent: MY_PROJECTS_PATH,
    guards: ['auth'],
    permission: 'testers',
  }),
  route({
    path: TESTING_BUILDS_PATH,
    name: 'Testing builds',
    guards: ['auth'],
  }),
  route({
    path: TEST_STAGING_PATH,
    name: 'Test Staging Site',
    parent: MY_PROJECTS_PATH,
    guards: ['auth'],
    permission: 'console',
  }),
  route({ path: '/faqs', name: 'FAQs' }),
  route({
    path: '/profile',
    name: 'Edit Profile',
    guards: ['auth'],
  }),
  route({
    path: SECURITY_PATH,
    name: 'Security',
    guards: ['auth'],
  }),
  route({
    path: '/api-keys',
    name: 'API keys',
    guards: ['auth'],
    permission: 'apiKeys',
  }),
  route({ path: '/contact', name: 'Contact Us' }),
  route({
    path: CONNECT_PAYOUT_ACCOUNT_PATH,
    name: 'Connect Payment Account',
    guards: ['auth'],
    permission: 'payout',
  }),
  route({
    path: STRIPE_CONNECTED_PATH,
    name: 'Connecting Payment Account',
    parent: CONNECT_PAYOUT_ACCOUNT_PATH,
    guards: ['auth'],
    permission: 'payout',
  }),
  route({
    path: '/creator',
    name: "Creator's World",
    layout: 'full',
  }),
  route({ path: INCOME_PATH, name: 'My Project Income', permission: 'income' }),
  route({ path: ANALYTICS_PATH, name: 'Analytics', guards: ['auth'], permission: 'items.read' }),
  route({
    path: PURCHASE_HISTORY_PATH,
    name: 'My Purchase History',
    guards: ['auth', 'abroadOnly'],
    permission: 'subscriptions',
  }),
  route({ path: VPS_PATH, name: 'VPS', guards: ['auth'], permission: ['stages', 'subscriptions'] }),
  route({
    path: '/vps-placement',
    name: 'VPS Placement',
    parent: VPS_PATH,
    layout: 'full',
    guards: ['auth'],
    permission: 'stages',
  }),
  route({
    path: '/config-vps-placement',
    name: 'Config VPS Placement',
    parent: VPS_PATH,
    layout: 'full',
    hasBanner: false,
    guards: ['auth'],
    permission: 'stages',
  }),
  route({ path: TEAM_PATH, name: 'Team', guards: ['auth'] }),
  route({ path: AUDIT_PATH, name: 'Audit log', parent: TEAM_PATH, guards: ['auth'], permission: 'audit' }),
  route({ path: INVITATION_PATH, name: 'Invitation' }),
  route({
    path: '/admin',
    name: 'Review Console',
    guards: ['auth', 'admin'],
  }),
] as const;

export type RoutePath = (typeof routeTable)[number]['path'];

/** The abroad-only flag exists but is switched off: it never restricts. */
export const IS_ABROAD_ONLY_ACTIVE = false;
