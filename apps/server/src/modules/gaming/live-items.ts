import {
  apiErrorSchema,
  can,
  LIVE_BUILD_URL_TTL_MS,
  type LiveItem,
  liveItemParamsSchema,
  liveItemSchema,
} from '@portal/contracts';
import { optionalUser } from '../../plugins/auth.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['marketplace']);

/**
 * The AR app's read of an item on sale: its live version, open to everyone, and its builds under URLs signed for
 * LIVE_BUILD_URL_TTL_MS to a player signed in to the game host (a session, not an API key) who may play it: anyone,
 * for a free item; for a paid one, a buyer the marketplace reported (a sale to their email that was not voided), a
 * member of the item's studio whose role ships builds, or an admin. Anyone else is told what they lack, with no files.
 */
export const liveItemRoutes = routeGroup(async (app, { versions, income, files, analytics, team }) => {
  app.get(
    '/api/Product/Live/:itemId',
    doc(
      'getLiveItem',
      'The version of a game or 3D model that the marketplace serves now; its builds under short-lived signed URLs for a signed-in player who may play it (a buyer, for a paid item)',
      { params: liveItemParamsSchema, response: { 200: liveItemSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    ),
    async (request): Promise<LiveItem> => {
      const { priceCents, ownerId, files: builds, ...live } = await versions.liveItem(request.params.itemId);
      const viewer = await optionalUser(app, request);
      const player = viewer && !viewer.apiKey ? viewer : undefined;
      analytics.recordView(live.itemId, ownerId, { userId: player?.id, address: request.ip });
      /** A member of the item's studio whose role ships builds (the founder too, while their role does). */
      const shipsBuilds = async (userId: string) => {
        const role = await team.roleOf(ownerId, userId);
        return role !== undefined && can(role, 'builds');
      };
      const filesAccess = !player
        ? 'SignInRequired'
        : priceCents === 0 ||
            player.role === 'Admin' ||
            (await shipsBuilds(player.id)) ||
            (await income.hasBought(live.itemId, player.email))
          ? 'Granted'
          : 'PurchaseRequired';
      if (filesAccess !== 'Granted') {
        return { ...live, filesAccess, files: { ios: null, android: null, visionOS: null, macOS: null } };
      }
      const until = new Date(Date.now() + LIVE_BUILD_URL_TTL_MS);
      return {
        ...live,
        filesAccess,
        files: {
          ios: files.signedUrl(builds.ios, until),
          android: files.signedUrl(builds.android, until),
          visionOS: files.signedUrl(builds.visionOS, until),
          macOS: files.signedUrl(builds.macOS, until),
        },
      };
    },
  );
});
