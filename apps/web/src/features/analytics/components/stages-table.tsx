import type { AnalyticsSummary } from '@portal/contracts';
import { type ReactNode, useId } from 'react';
import { ScrollTable } from '../../../components/paged-table.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { formatCount } from '../../../lib/format.ts';

export interface StagesTableProps {
  /** The studio's stages with their impressions in the range, the most seen first (a summary's or an item's). */
  stages: AnalyticsSummary['stages'];
  /** The section's heading; the table's caption adds the order. */
  title: string;
  /** The heading's level, by where the section sits: a page's section or a tab's. */
  headingLevel: 'h2' | 'h3';
  /** What stands in for the table when no stage is listed. */
  empty: ReactNode;
}

/** A section listing stages and how often the AR app showed each, the most seen first. */
export function StagesTable({ stages, title, headingLevel: Heading, empty }: StagesTableProps) {
  const titleId = useId();
  return (
    <section className="analytics-section" aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      {stages.length === 0 ? (
        <p className="analytics-note">{empty}</p>
      ) : (
        <ScrollTable className="analytics-table" caption={`${title}, the most seen first`} isBusy={false}>
          <TableHead columns={['Stage', 'Impressions']} />
          <tbody>
            {stages.map((stage) => (
              <tr key={stage.stageId}>
                <th scope="row">{stage.name}</th>
                <td>{formatCount(stage.impressions)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
