import {
  testerBuildsResponseSchema,
  testerSchema,
  versionIdParamsSchema,
  whitelistAddBodySchema,
  whitelistEntrySchema,
  whitelistResponseSchema,
  whitelistSearchQuerySchema,
} from '@portal/contracts';
import { z } from 'zod';
import { currentStudio, currentUser, SESSION_ONLY } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['testers']);
const errors = errorResponses(400, 401, 404, 409, 429);

/** The whitelist of testers, per partner. */
export const testersRoutes = routeGroup(async (app, { testers }) => {
  app.get(
    '/api/WhiteList',
    doc('listTesters', "The partner's testers, newest first", {
      response: { 200: whitelistResponseSchema, ...errors },
    }),
    async (request) => testers.list(currentStudio(request).id),
  );

  app.get(
    '/api/WhiteList/Search',
    {
      // it tells whether an email has an account: no key may ask, as no key may add a tester
      ...doc('findTester', 'The platform user with an email, before adding them', {
        querystring: whitelistSearchQuerySchema,
        response: { 200: testerSchema, ...errors },
      }),
      ...SESSION_ONLY,
    },
    async (request) => testers.search(currentStudio(request).id, request.query.email),
  );

  app.post(
    '/api/WhiteList',
    doc('addTester', 'Add a platform user to the whitelist by email', {
      body: whitelistAddBodySchema,
      response: { 200: whitelistEntrySchema, ...errors },
    }),
    async (request) => testers.add(currentStudio(request).id, request.body.email),
  );

  app.delete(
    '/api/WhiteList/:id',
    doc('removeTester', 'Remove a tester from the whitelist', {
      params: versionIdParamsSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await testers.remove(currentStudio(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/Tester/Builds',
    {
      // the person's own: what they test for every studio whitelisting them
      ...doc(
        'listTesterBuilds',
        'The testing builds the signed-in user may install, from every partner whitelisting them',
        {
          response: { 200: testerBuildsResponseSchema, ...errors },
        },
      ),
      config: { studioAccess: 'personal' },
    },
    async (request) => ({ data: await testers.builds(currentUser(request).id) }),
  );
});
