import {
  apiErrorSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  MAX_API_KEYS_PER_PARTNER,
} from '@portal/contracts';
import { z } from 'zod';
import { currentStudio, currentUser } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['access']);
const errors = errorResponses(400, 403, 404, 409);

/** The signed-in partner's API keys; registered behind `signedIn`, where no API key may reach them. */
export const apiKeysRoutes = routeGroup(async (app, { apiKeys, access }) => {
  app.get(
    '/api/ApiKey',
    doc(
      'listApiKeys',
      "The studio's API keys that are not revoked (expired ones included), newest first; never a secret",
      { response: { 200: apiKeyListResponseSchema, 403: apiErrorSchema } },
    ),
    async (request) => apiKeys.list(currentStudio(request).id),
  );

  app.post(
    '/api/ApiKey',
    doc(
      'createApiKey',
      `Create an API key (at most ${MAX_API_KEYS_PER_PARTNER} active ones); the answer holds its secret, which is never shown again`,
      { body: createApiKeyBodySchema, response: { 200: createdApiKeySchema, ...errors } },
    ),
    async (request) => {
      await access.requireFreshSecondFactor(currentUser(request));
      return apiKeys.create(currentStudio(request).id, currentUser(request).id, request.body);
    },
  );

  app.delete(
    '/api/ApiKey/:id',
    doc('deleteApiKey', 'Revoke one of the studio’s API keys: it stops working at once', {
      params: apiKeyIdParamsSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await apiKeys.revoke(currentStudio(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
});
