import type { AuditEvent } from '@portal/contracts';
import { InstantCell, ScrollTable } from '../../../components/paged-table.tsx';
import { TableHead } from '../../../components/table-head.tsx';

/** A page of the audit log: when, who, what was done (and its operation), on what, from where. */
export function AuditTable({ events, caption, isBusy }: { events: AuditEvent[]; caption: string; isBusy: boolean }) {
  return (
    <ScrollTable className="audit-table-wrap" caption={caption} isBusy={isBusy}>
      <TableHead columns={['Time (UTC)', 'Who', 'What was done', 'Object', 'Address']} />
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td className="audit-table__time">
              <InstantCell iso={event.at} none="" timeClassName="audit-table__clock" />
            </td>
            <td className="audit-table__who">{event.actorName}</td>
            <td>
              <span className="audit-table__summary">{event.summary || event.action}</span>
              <code className="audit-table__action">{event.action}</code>
            </td>
            <td>{event.objectId ? <code className="audit-table__object">{event.objectId}</code> : '—'}</td>
            <td>
              <code>{event.ip}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
