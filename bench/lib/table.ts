export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align?: Align;
}

/** Renders rows as a plain-text table whose columns are as wide as their widest cell. */
export function formatTable(columns: Column[], rows: string[][]): string {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const renderRow = (cells: string[]) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return column.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-');
  return [renderRow(columns.map((column) => column.header)), rule, ...rows.map(renderRow)].join('\n');
}

export function printTable(title: string, columns: Column[], rows: string[][]): void {
  console.log(`\n${title}\n${formatTable(columns, rows)}`);
}

export function formatVerdict(met: boolean): string {
  return met ? 'MET' : 'MISSED';
}
