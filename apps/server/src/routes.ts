import type { ApiKeyRouteAccess } from '@portal/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EventSubscriber } from './events.ts';
import type { Clock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { apiKeysRoutes } from './modules/access/api-keys-routes.ts';
import { accessRoutes, accountRoutes } from './modules/access/routes.ts';
import { teamRoutes } from './modules/access/team-routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { modelRoutes, productRoutes, publicCatalogRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { fileDownloadRoutes, filesRoutes } from './modules/files/routes.ts';
import { liveItemRoutes } from './modules/gaming/live-items.ts';
import { gameAccessRoutes, registerGameHub } from './modules/gaming/routes.ts';
import { incomeRoutes, marketplaceRoutes } from './modules/income/routes.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import {
  expressOnboardingRoutes,
  paymentsRoutes,
  stripeWebhookRoutes,
  subscriptionRoutes,
} from './modules/payments/routes.ts';
import type { SandboxProvider } from './modules/payments/sandbox-provider.ts';
import { sandboxRoutes } from './modules/payments/sandbox-routes.ts';
import { nearbyStageRoutes, stageRoutes } from './modules/stages/routes.ts';
import { testersRoutes } from './modules/testers/routes.ts';
import { modelVersionRoutes, productVersionRoutes, reviewStandingRoutes } from './modules/versions/routes.ts';
import { recordChanges } from './plugins/audit-trail.ts';
import { adminOnly, currentUser, keyAccess, signedIn, studioAccess } from './plugins/auth.ts';
import { clockControlRoutes } from './plugins/clock-control.ts';
import { outboxRoutes } from './plugins/mailer/outbox-routes.ts';
import { webPlugin } from './plugins/web.ts';

/**
 * Registers every route group in its scope: open to everyone, `signedIn` (a session, or an API key within what
 * `keyAccess` lets it do) or `adminOnly`. A group names the services it uses (`routeGroup`); where it
 * needs a module above its own (the profile, which payments composes; who may install a build, which testers
 * decide), that is handed to it here.
 */
export async function registerRoutes(
  app: FastifyInstance,
  {
    sandbox,
    placementClock,
    events,
  }: { sandbox: SandboxProvider | undefined; placementClock: Clock; events: EventSubscriber },
): Promise<void> {
  const { config, mailer, services } = app;
  const { access, audit, profiles, testers, payments, subscriptions, stages } = services;

  await app.register(accessRoutes(profiles));
  await app.register(fileDownloadRoutes(testers));
  await app.register(expressOnboardingRoutes);
  if (sandbox) await app.register(sandboxRoutes(sandbox, payments, subscriptions));
  if (config.payments.mode === 'stripe' && config.payments.webhookSecret) {
    await app.register(stripeWebhookRoutes(config.payments.webhookSecret));
  }
  await app.register(contentRoutes);
  await app.register(publicCatalogRoutes);
  await app.register(liveItemRoutes);
  await app.register(nearbyStageRoutes(services.analytics));
  await app.register(gameAccessRoutes);
  if (config.clockControl) {
    await app.register(
      clockControlRoutes(placementClock, {
        afterAdvance: () => stages.runExpiry(),
        rollUpAnalytics: () => services.analytics.runRollups(),
      }),
    );
  }
  await app.register(
    signedIn(async (partner) => {
      // what an API key may do in each group (apiKeyRefusal in contracts); a group not wrapped here: read only. What
      // the caller's role in the studio must allow, for reads and for changes (rolePermissions in contracts)
      const group = (key: ApiKeyRouteAccess, studio: Parameters<typeof studioAccess>[0], routes: FastifyPluginAsync) =>
        partner.register(keyAccess(key, studioAccess(studio, routes)));
      // every change a member makes in their studio, in its audit log (plugins/audit-trail.ts)
      recordChanges(partner, {
        record: async (entry) => {
          const actorId = entry.actorId ?? '';
          const person = (await access.summarizeUsers([actorId])).get(actorId);
          await audit.record({ ...entry, actorName: person ? `${person.fullName} <${person.email}>` : actorId });
        },
        declare: audit.declareAction,
      });
      await group('none', 'personal', accountRoutes(profiles));
      await group('none', { read: 'items.read', write: 'members' }, teamRoutes);
      await group('none', 'audit', auditRoutes);
      await group('none', 'apiKeys', apiKeysRoutes);
      await group('upload', 'listing.write', filesRoutes(testers));
      await group('versions', { read: 'items.read', write: 'versions.write' }, productVersionRoutes);
      await group('versions', { read: 'items.read', write: 'versions.write' }, modelVersionRoutes);
      await group('read', 'testers', testersRoutes);
      await group('none', 'payout', paymentsRoutes);
      await group('none', 'subscriptions', subscriptionRoutes);
      await group('read', 'stages', stageRoutes);
      await group('items', { read: 'items.read', write: 'items.write' }, productRoutes);
      await group('items', { read: 'items.read', write: 'items.write' }, modelRoutes);
      await group('read', 'income', incomeRoutes);
      await group('read', 'items.read', reviewStandingRoutes);
      await group('read', 'items.read', overviewRoutes);
      await group('read', 'items.read', analyticsRoutes);
    }),
  );
  // the realtime game server's hub, on the root instance: it takes its WebSocket upgrades from the HTTP server
  await registerGameHub(app, events);
  await app.register(
    adminOnly(async (admin) => {
      // ADMIN_REQUIRE_2FA: the review console and every admin call wait until the admin's second factor is on
      if (config.adminRequireTwoFactor) {
        admin.addHook('onRequest', async (request) => {
          if (!(await access.hasSecondFactor(currentUser(request).id))) {
            throw new AppError('TwoFactorSetupRequired');
          }
        });
      }
      await admin.register(adminRoutes);
    }),
  );
  if (config.marketplaceToken) await app.register(marketplaceRoutes(config.marketplaceToken));
  if (!config.isProduction && mailer.kind === 'outbox') await app.register(outboxRoutes);
  await app.register(webPlugin);
}
