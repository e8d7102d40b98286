/** LIMIT and OFFSET of a page; PageSize -1 is every row (LIMIT NULL). */
export function pageBounds(pageIndex: number, pageSize: number): { limit: number | null; offset: number } {
  return pageSize === -1 ? { limit: null, offset: 0 } : { limit: pageSize, offset: (pageIndex - 1) * pageSize };
}

/** One page and the total in one round trip (a window count on each row); a page past the end counts separately. */
export async function withTotal<T extends { total: number }>(
  rows: T[],
  countAll: () => Promise<number>,
): Promise<{ rows: Array<Omit<T, 'total'>>; total: number }> {
  const total = rows[0]?.total ?? (await countAll());
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
