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
}

type RouteInput<P extends string> = Omit<RouteEntry<P>, 'layout' | 'hasBanner' | 'guards'> &
  Partial<Pick<RouteEntry<P>, 'layout' | 'hasBanner' | 'guards'>>;

const route = <const P extends string>(input: RouteInput<P>): RouteEntry<P> => ({
  layout: 'frame',
  hasBanner: true,
  guards: [],
  ...input,
});

const MY_PROJECTS = '/developers/my-project';

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
  route({ path: '/login', name: 'Login' }),
  route({
    path: '/forgot-password',
    name: 'Forgot Password',
    parent: '/login',
  }),
  route({
    path: '/start-submission',
    name: 'Start Submission',
    guards: ['auth', 'connected'],
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
    path: MY_PROJECTS,
    name: 'My Projects',
    parent: '/developers',
    guards: ['auth'],
  }),
  route({
    path: `${MY_PROJECTS}/submission`,
    name: 'Submission',
    parent: MY_PROJECTS,
    guards: ['auth', 'connected'],
  }),
  route({
    path: `${MY_PROJECTS}/3D-model-submission`,
    name: 'Submission of 3D Models',
    parent: MY_PROJECTS,
    guards: ['auth', 'connected'],
  }),
  route({
    path: `${MY_PROJECTS}/detail`,
    name: 'Detail',
    parent: MY_PROJECTS,
    guards: ['auth'],
  }),
  route({
    path: `${MY_PROJECTS}/version`,
    name: 'Version',
    parent: MY_PROJECTS,
    guards: ['auth', 'connected'],
  }),
  route({
    path: `${MY_PROJECTS}/tester`,
    name: 'Manage Tester',
    parent: MY_PROJECTS,
    guards: ['auth'],
  }),
  route({
    // TESTING_BUILDS_PATH in contracts, written out: importing contracts here would put zod in every page's bundle
    path: '/testing-builds',
    name: 'Testing builds',
    guards: ['auth'],
  }),
  route({
    path: `${MY_PROJECTS}/test-staging`,
    name: 'Test Staging Site',
    parent: MY_PROJECTS,
    guards: ['auth'],
  }),
  route({ path: '/faqs', name: 'FAQs' }),
  route({
    path: '/profile',
    name: 'Edit Profile',
    guards: ['auth'],
  }),
  route({
    path: '/api-keys',
    name: 'API keys',
    guards: ['auth'],
  }),
  route({ path: '/contact', name: 'Contact Us' }),
  route({
    path: '/stripe',
    name: 'Connect Payment Account',
    guards: ['auth'],
  }),
  route({
    path: '/stripe-connected',
    name: 'Connecting Payment Account',
    parent: '/stripe',
    guards: ['auth'],
  }),
  route({
    path: '/creator',
    name: "Creator's World",
    layout: 'full',
  }),
  route({ path: '/commission', name: 'My Project Income' }),
  route({ path: '/purchase-history', name: 'My Purchase History', guards: ['auth', 'abroadOnly'] }),
  route({ path: '/vps', name: 'VPS', guards: ['auth'] }),
  route({
    path: '/vps-placement',
    name: 'VPS Placement',
    parent: '/vps',
    layout: 'full',
    guards: ['auth'],
  }),
  route({
    path: '/config-vps-placement',
    name: 'Config VPS Placement',
    parent: '/vps',
    layout: 'full',
    hasBanner: false,
    guards: ['auth'],
  }),
  route({
    path: '/admin',
    name: 'Review Console',
    guards: ['auth', 'admin'],
  }),
] as const;

export type RoutePath = (typeof routeTable)[number]['path'];

/** The abroad-only flag exists but is switched off: it never restricts. */
export const IS_ABROAD_ONLY_ACTIVE = false;
