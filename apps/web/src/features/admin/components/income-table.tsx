import type { ReactNode } from 'react';

/** A table of the admin console in a box that scrolls sideways on a phone (by keyboard too), named `label`. */
export function TableScroll({ label, isBusy, children }: { label: string; isBusy?: boolean; children: ReactNode }) {
  return (
    <section
      className="table-wrap"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, by keyboard too
      tabIndex={0}
      aria-busy={isBusy || undefined}
    >
      {children}
    </section>
  );
}

export interface IncomeTableProps {
  /** The table's own modifier: "income-table--payouts". */
  className: string;
  /** Names the table for screen readers. */
  caption: ReactNode;
  /** The column headers. */
  columns: ReactNode;
  /** A row per entry. */
  children: ReactNode;
}

/** A table of the admin console: its caption for screen readers, its column headers and its rows. */
export function IncomeTable({ className, caption, columns, children }: IncomeTableProps) {
  return (
    <table className={`table income-table ${className}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>{columns}</tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The header of a column of figures, aligned as its figures are. */
export function AmountColumn({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="income-table__amount">
      {children}
    </th>
  );
}
