import {
  AUDIT_CSV_HEADER,
  type AuditActions,
  type AuditEvent,
  type AuditExportQuery,
  type AuditPage,
  type AuditQuery,
  csvField,
  purchaseRange,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import * as repo from './repository.ts';

/** One change to record: who (null: the platform's reviewers), what, on which object, from where. */
export interface AuditEntry {
  studioId: string;
  actorId: string | null;
  actorName: string;
  action: string;
  summary: string;
  objectId: string | null;
  ip: string;
  at?: Date;
}

export interface AuditDeps {
  db: Db;
  log: FastifyBaseLogger;
}

const EXPORT_CHUNK = 1_000;

const toEvent = (row: repo.AuditRow): AuditEvent => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorName: row.actorName,
  action: row.action,
  summary: row.summary,
  objectId: row.objectId,
  ip: row.ip,
});

function filterOf(query: AuditExportQuery): repo.AuditFilter {
  const { from, to } = purchaseRange(query.From, query.To);
  return {
    // an actor that is not an id matches no one (rather than everyone)
    ...(query.Actor ? { actorId: isUuid(query.Actor) ? query.Actor : '00000000-0000-0000-0000-000000000000' } : {}),
    ...(query.Action ? { action: query.Action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/**
 * The studios' audit log: append-only. `record` is the one way in (the table itself refuses UPDATE and DELETE);
 * reading is by studio, newest first, and a CSV export streamed in chunks.
 */
export function createAuditService({ db, log }: AuditDeps) {
  /** Every action the log may record, with what it says: the routes declare theirs as they are registered. */
  const actions = new Map<string, string>();
  return {
    /** Names an action the log records (a route's operation, a sign-in), for the Action filter. */
    declareAction(action: string, summary: string): void {
      if (!actions.has(action)) actions.set(action, summary);
    },

    /** Every action declared, by what it says. */
    actions(): AuditActions {
      return [...actions]
        .map(([action, summary]) => ({ action, summary }))
        .sort((a, b) => a.summary.localeCompare(b.summary) || a.action.localeCompare(b.action));
    },

    async record(...entries: AuditEntry[]): Promise<void> {
      try {
        // at the millisecond, as the export's cursor reads it back
        await repo.insertEvents(
          db,
          entries.map(({ at, ...entry }) => ({ ...entry, at: at ?? new Date() })),
        );
      } catch (err) {
        // the change itself has happened: its record failing is logged loudly, never turned into a failed answer
        log.error({ err, actions: entries.map((entry) => entry.action) }, 'recording an audit event failed');
      }
    },

    async query(studioId: string, query: AuditQuery): Promise<AuditPage> {
      const { rows, total } = await repo.selectPage(db, studioId, filterOf(query), query.PageIndex, query.PageSize);
      return { data: rows.map(toEvent), totalCount: total };
    },

    async *exportCsv(studioId: string, query: AuditExportQuery): AsyncGenerator<string> {
      yield `${AUDIT_CSV_HEADER.map(csvField).join(',')}\r\n`;
      const filter = filterOf(query);
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const rows = await repo.selectChunk(db, studioId, filter, after, EXPORT_CHUNK);
        if (rows.length > 0) {
          yield rows
            .map(
              (row) =>
                `${[row.at.toISOString(), row.actorName, row.action, row.summary, row.objectId, row.ip].map(csvField).join(',')}\r\n`,
            )
            .join('');
        }
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_CHUNK) return;
        after = { at: last.at, id: last.id };
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
