/** A column of a table's header: its name, or a name only screen readers hear (an actions column, say). */
export type TableColumn = string | { hidden: string };

/** A table's header row. */
export function TableHead({ columns }: { columns: TableColumn[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.hidden} scope="col">
              <span className="visually-hidden">{column.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
