import type { ComponentType } from 'react';

export type Guard = 'auth' | 'connected' | 'abroadOnly' | 'admin';

/** One entry of the route table: what the banner, breadcrumb, title and guards need. */
export interface PortalRoute {
  path: string;
  name: string;
  /** Breadcrumb parent. Defaults to Home. */
  parent?: string;
  layout: 'frame' | 'full';
  /** The banner with breadcrumb; on everywhere but `/` and `/config-vps-placement`. */
  hasBanner: boolean;
  guards: Guard[];
  load: () => Promise<{ default: ComponentType }>;
}

const comingSoon = () => import('../components/coming-soon.tsx');

type RouteInput = Omit<PortalRoute, 'layout' | 'hasBanner' | 'guards'> &
  Partial<Pick<PortalRoute, 'layout' | 'hasBanner' | 'guards'>>;

const route = (input: RouteInput): PortalRoute => ({ layout: 'frame', hasBanner: true, guards: [], ...input });

const MY_PROJECTS = '/developers/my-project';

/** Every route of the portal. Paths and names as in the specification. */
export const portalRoutes: PortalRoute[] = [
  route({
    path: '/',
    name: 'Home',
    layout: 'full',
    hasBanner: false,
    load: () => import('../features/content/pages/home-page.tsx'),
  }),
  route({ path: '/about', name: 'About', load: () => import('../features/content/pages/about-page.tsx') }),
  route({ path: '/login', name: 'Login', load: () => import('../features/access/pages/login-page.tsx') }),
  route({
    path: '/forgot-password',
    name: 'Forgot Password',
    parent: '/login',
    load: () => import('../features/access/pages/forgot-password-page.tsx'),
  }),
  route({
    path: '/start-submission',
    name: 'Start Submission',
    guards: ['auth', 'connected'],
    load: () => import('../features/catalog/pages/start-submission-page.tsx'),
  }),
  route({
    path: '/document',
    name: 'Document',
    parent: '/developers',
    load: () => import('../features/content/pages/document-page.tsx'),
  }),
  route({
    path: '/business',
    name: 'Business Partners',
    load: () => import('../features/content/pages/business-page.tsx'),
  }),
  route({
    path: '/developers',
    name: 'Developers',
    load: () => import('../features/content/pages/developers-page.tsx'),
  }),
  route({
    path: MY_PROJECTS,
    name: 'My Projects',
    parent: '/developers',
    guards: ['auth'],
    load: () => import('./pages/my-projects-page.tsx'),
  }),
  route({
    path: `${MY_PROJECTS}/submission`,
    name: 'Submission',
    parent: MY_PROJECTS,
    guards: ['auth', 'connected'],
    load: () => import('../features/catalog/pages/game-submission-page.tsx'),
  }),
  route({
    path: `${MY_PROJECTS}/3D-model-submission`,
    name: 'Submission of 3D Models',
    parent: MY_PROJECTS,
    guards: ['auth', 'connected'],
    load: () => import('../features/catalog/pages/model-submission-page.tsx'),
  }),
  route({
    path: `${MY_PROJECTS}/detail`,
    name: 'Detail',
    parent: MY_PROJECTS,
    guards: ['auth'],
    load: () => import('./pages/detail-page.tsx'),
  }),
  route({
    path: `${MY_PROJECTS}/version`,
    name: 'Version',
    parent: MY_PROJECTS,
    guards: ['auth', 'connected'],
    load: () => import('./pages/version-page.tsx'),
  }),
  route({
    path: `${MY_PROJECTS}/tester`,
    name: 'Manage Tester',
    parent: MY_PROJECTS,
    guards: ['auth'],
    load: () => import('../features/testers/pages/manage-tester-page.tsx'),
  }),
  route({
    // TESTING_BUILDS_PATH in contracts, written out: importing contracts here would put zod in every page's bundle
    path: '/testing-builds',
    name: 'Testing builds',
    guards: ['auth'],
    load: () => import('../features/testers/pages/testing-builds-page.tsx'),
  }),
  route({
    path: `${MY_PROJECTS}/test-staging`,
    name: 'Test Staging Site',
    parent: MY_PROJECTS,
    guards: ['auth'],
    load: comingSoon,
  }),
  route({ path: '/faqs', name: 'FAQs', load: () => import('../features/content/pages/faqs-page.tsx') }),
  route({
    path: '/profile',
    name: 'Edit Profile',
    guards: ['auth'],
    load: () => import('../features/access/pages/profile-page.tsx'),
  }),
  route({ path: '/contact', name: 'Contact Us', load: () => import('../features/content/pages/contact-page.tsx') }),
  route({
    path: '/stripe',
    name: 'Connect Payment Account',
    guards: ['auth'],
    load: () => import('../features/payments/pages/stripe-page.tsx'),
  }),
  route({
    path: '/stripe-connected',
    name: 'Connecting Payment Account',
    parent: '/stripe',
    guards: ['auth'],
    load: () => import('../features/payments/pages/stripe-connected-page.tsx'),
  }),
  route({
    path: '/creator',
    name: "Creator's World",
    layout: 'full',
    load: () => import('../features/content/pages/creator-page.tsx'),
  }),
  route({ path: '/commission', name: 'My Project Income', load: comingSoon }),
  route({ path: '/purchase-history', name: 'My Purchase History', guards: ['auth', 'abroadOnly'], load: comingSoon }),
  route({ path: '/vps', name: 'VPS', guards: ['auth'], load: comingSoon }),
  route({
    path: '/vps-placement',
    name: 'VPS Placement',
    parent: '/vps',
    layout: 'full',
    guards: ['auth'],
    load: comingSoon,
  }),
  route({
    path: '/config-vps-placement',
    name: 'Config VPS Placement',
    parent: '/vps',
    layout: 'full',
    hasBanner: false,
    guards: ['auth'],
    load: comingSoon,
  }),
  route({
    path: '/admin',
    name: 'Review Console',
    guards: ['auth', 'admin'],
    load: () => import('../features/admin/pages/review-console-page.tsx'),
  }),
];

export const routesByPath = new Map(portalRoutes.map((r) => [r.path, r]));

/** The abroad-only flag exists but is switched off: it never restricts. */
export const IS_ABROAD_ONLY_ACTIVE = false;
