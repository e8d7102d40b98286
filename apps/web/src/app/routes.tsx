import * as pages from '@portal/contracts/pages';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { type RouteEntry, type RoutePath, routeTable } from './route-table.ts';

export { type Guard, IS_ABROAD_ONLY_ACTIVE } from './route-table.ts';

/** A route of the table with its page, loaded when first visited. */
export interface PortalRoute extends RouteEntry {
  load: () => Promise<{ default: ComponentType }>;
}

const loaders: Record<RoutePath, PortalRoute['load']> = {
  '/': () => import('../features/content/pages/home-page.tsx'),
  '/about': () => import('../features/content/pages/about-page.tsx'),
  [pages.LOGIN_PATH]: () => import('../features/access/pages/login-page.tsx'),
  '/forgot-password': () => import('../features/access/pages/forgot-password-page.tsx'),
  '/start-submission': () => import('../features/catalog/pages/start-submission-page.tsx'),
  '/document': () => import('../features/content/pages/document-page.tsx'),
  '/business': () => import('../features/content/pages/business-page.tsx'),
  '/developers': () => import('../features/content/pages/developers-page.tsx'),
  [pages.MY_PROJECTS_PATH]: () => import('./pages/my-projects-page.tsx'),
  [pages.GAME_SUBMISSION_PATH]: () =>
    import('./pages/submission-page.tsx').then((page) => ({ default: page.GameSubmissionPage })),
  [pages.MODEL_SUBMISSION_PATH]: () =>
    import('./pages/submission-page.tsx').then((page) => ({ default: page.ModelSubmissionPage })),
  [pages.ITEM_DETAIL_PATH]: () => import('./pages/detail-page.tsx'),
  [pages.VERSION_PAGE_PATH]: () => import('./pages/version-page.tsx'),
  [pages.MANAGE_TESTER_PATH]: () => import('../features/testers/pages/manage-tester-page.tsx'),
  [pages.TESTING_BUILDS_PATH]: () => import('../features/testers/pages/testing-builds-page.tsx'),
  [pages.TEST_STAGING_PATH]: () => import('../features/gaming/pages/test-staging-page.tsx'),
  '/faqs': () => import('../features/content/pages/faqs-page.tsx'),
  '/profile': () => import('../features/access/pages/profile-page.tsx'),
  [pages.SECURITY_PATH]: () => import('../features/access/pages/security-page.tsx'),
  '/api-keys': () => import('../features/access/pages/api-keys-page.tsx'),
  '/contact': () => import('../features/content/pages/contact-page.tsx'),
  [pages.CONNECT_PAYOUT_ACCOUNT_PATH]: () => import('../features/payments/pages/stripe-page.tsx'),
  [pages.STRIPE_CONNECTED_PATH]: () => import('../features/payments/pages/stripe-connected-page.tsx'),
  '/creator': () => import('../features/content/pages/creator-page.tsx'),
  [pages.INCOME_PATH]: () => import('../features/income/pages/income-page.tsx'),
  [pages.ANALYTICS_PATH]: () => import('../features/analytics/pages/analytics-page.tsx'),
  [pages.PURCHASE_HISTORY_PATH]: () => import('../features/payments/pages/purchase-history-page.tsx'),
  [pages.VPS_PATH]: () => import('./pages/vps-page.tsx'),
  '/vps-placement': () => import('../features/stages/pages/vps-placement-page.tsx'),
  '/config-vps-placement': () => import('../features/stages/pages/config-vps-placement-page.tsx'),
  [pages.TEAM_PATH]: () => import('./pages/team-page.tsx'),
  [pages.AUDIT_PATH]: () => import('../features/team/pages/audit-page.tsx'),
  [pages.INVITATION_PATH]: () => import('../features/team/pages/invitation-page.tsx'),
  '/admin': () => import('../features/admin/pages/review-console-page.tsx'),
};

/** Every route of the portal with its page. */
export const portalRoutes: PortalRoute[] = routeTable.map((entry) => ({ ...entry, load: loaders[entry.path] }));

export const routesByPath = new Map(portalRoutes.map((r) => [r.path, r]));

/** The route of `pathname`, matched as the router matches it (in any case, with or without a trailing slash). */
export const matchRoute = (pathname: string) => portalRoutes.find((route) => matchPath(route.path, pathname) !== null);
