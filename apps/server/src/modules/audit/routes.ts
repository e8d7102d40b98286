import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  auditActionsSchema,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
} from '@portal/contracts';
import { z } from 'zod';
import { currentStudio } from '../../plugins/auth.ts';
import { describeRoutes, routeGroup } from '../../plugins/route-groups.ts';

const doc = describeRoutes(['team']);

/** The studio's audit log: read and exported by the roles with `audit` (Owner, Admin); nothing changes a row. */
export const auditRoutes = routeGroup(async (app, { audit }) => {
  app.get(
    '/api/Team/Audit',
    doc('listAuditEvents', "The studio's audit log, newest first: who did what, to which object, when, from where", {
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema, 400: apiErrorSchema },
    }),
    async (request) => audit.query(currentStudio(request).id, request.query),
  );

  app.get(
    '/api/Team/Audit/Actions',
    doc('listAuditActions', 'What the audit log records: each action with what it says, for filtering by action', {
      response: { 200: auditActionsSchema },
    }),
    async () => audit.actions(),
  );

  app.get(
    '/api/Team/Audit/Export.csv',
    {
      ...doc('downloadAuditCsv', "The studio's audit log as CSV, with the same filters: every matching row", {
        querystring: auditExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), 400: apiErrorSchema },
      }),
      // an export is a change of who holds the data: it is recorded too
      config: { audited: true },
    },
    async (request, reply) => {
      const csv = Readable.from(audit.exportCsv(currentStudio(request).id, request.query));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-log.csv"')
          .header('cache-control', 'no-store')
          // the document describes the CSV as a string; Fastify sends the stream as it comes
          .send(csv as unknown as string)
      );
    },
  );
});
