import {
  type AssignableStudioRole,
  acceptedInvitationSchema,
  acceptInvitationBodySchema,
  apiErrorSchema,
  can,
  invitationListSchema,
  invitationParamsSchema,
  invitationSchema,
  inviteBodySchema,
  memberParamsSchema,
  memberRoleBodySchema,
  mutedMailBodySchema,
  ownerBodySchema,
  pendingInvitationListSchema,
  studioListSchema,
  teamMemberListSchema,
  teamMemberSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { currentStudio, currentUser } from '../../plugins/auth.ts';
import { describeRoutes, errorResponses, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['team']);
const errors = errorResponses(400, 403, 404, 409);

/**
 * The studio's members, invitations and ownership (behind `studioAccess`: reading the members is every member's,
 * changing them the roles with `members`); the person's studios and accepting an invitation are their own.
 */
export const teamRoutes = routeGroup(async (app, { team, access }) => {
  app.get(
    '/api/Team/Studios',
    {
      ...doc('listStudios', 'The studios the signed-in person belongs to, with their role in each', {
        response: { 200: studioListSchema },
      }),
      config: { studioAccess: 'personal' },
    },
    async (request) => ({ data: await team.listStudios(currentUser(request).id) }),
  );

  app.post(
    '/api/Team/Invitations/Accept',
    {
      ...doc(
        'acceptInvitation',
        'Join the studio an invitation names, as the role it gives (the email it was sent to)',
        {
          body: acceptInvitationBodySchema,
          response: { 200: acceptedInvitationSchema, ...errors },
        },
      ),
      config: { studioAccess: 'personal' },
    },
    async (request) => {
      const user = currentUser(request);
      const studio = await team.accept(user, request.body.token);
      // the joining is the new member's first act in the studio: the audit trail records it there
      request.user = { ...user, studio: { id: studio.id, role: studio.role } };
      return { studio };
    },
  );

  app.get(
    '/api/Team/Invitations/Mine',
    {
      ...doc('listMyInvitations', "The open invitations sent to the signed-in person's email, to join from a banner", {
        response: { 200: pendingInvitationListSchema },
      }),
      config: { studioAccess: 'personal' },
    },
    async (request) => ({ data: await team.pendingFor(currentUser(request)) }),
  );

  app.get(
    '/api/Team/Members',
    {
      ...doc('listMembers', "The studio's members and their roles", { response: { 200: teamMemberListSchema } }),
      config: { studioAccess: 'items.read' },
    },
    async (request) => ({ data: await team.listMembers(currentStudio(request).id) }),
  );

  app.get(
    '/api/Team/Invitations',
    doc('listInvitations', "The studio's invitations not yet accepted, withdrawn or expired", {
      response: { 200: invitationListSchema },
    }),
    async (request) => ({ data: await team.listInvitations(currentStudio(request).id) }),
  );

  app.post(
    '/api/Team/Invitations',
    doc('createInvitation', 'Invite a person by email to join the studio as a role: a one-time link valid 7 days', {
      body: inviteBodySchema,
      response: { 200: invitationSchema, ...errors },
    }),
    async (request) => team.invite(currentStudio(request).id, currentUser(request).id, request.body),
  );

  app.delete(
    '/api/Team/Invitations/:id',
    doc('deleteInvitation', 'Withdraw an invitation: its link stops working', {
      params: invitationParamsSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await team.revokeInvitation(currentStudio(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/Team/Members/:userId',
    doc('updateMemberRole', "Change a member's role (never the owner's)", {
      params: memberParamsSchema,
      body: memberRoleBodySchema,
      response: { 200: teamMemberSchema, ...errors },
    }),
    async (request) =>
      team.changeRole(currentStudio(request).id, request.params.userId, request.body.role as AssignableStudioRole),
  );

  app.delete(
    '/api/Team/Members/:userId',
    {
      ...doc('removeMember', 'Remove a member from the studio, or leave it (your own user id): never its owner', {
        params: memberParamsSchema,
        response: { 204: z.null(), ...errors },
      }),
      // leaving is every member's; removing someone else needs `members` (checked below)
      config: { studioAccess: 'items.read' },
    },
    async (request, reply) => {
      const studio = currentStudio(request);
      const isLeaving = request.params.userId === currentUser(request).id;
      if (!isLeaving && !can(studio.role, 'members')) throw new AppError('RoleNotAllowed');
      await team.removeMember(studio.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/Team/Owner',
    {
      ...doc('updateOwner', 'Move ownership to an admin (with a fresh second factor); you become an admin', {
        body: ownerBodySchema,
        response: { 204: z.null(), ...errors },
      }),
      config: { studioAccess: 'ownership' },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await access.requireFreshSecondFactor(user);
      await team.transferOwnership(currentStudio(request).id, user.id, request.body.userId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/Team/Mail',
    {
      ...doc('updateMutedMail', 'The kinds of mail of this studio the signed-in member does not want', {
        body: mutedMailBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema },
      }),
      config: { studioAccess: 'items.read' },
    },
    async (request, reply) => {
      await team.setMutedMail(currentStudio(request).id, currentUser(request).id, request.body.muted);
      return reply.status(204).send(null);
    },
  );
});
