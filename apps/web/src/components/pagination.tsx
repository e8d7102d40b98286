export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}

/** A gap in the page numbers, shown as "…". */
export const GAP = 'gap';

/**
 * The page numbers to offer: the first, the last, and the current one with its neighbours, a gap between them
 * where pages are left out. A gap would hide a single page, so that page is shown instead.
 */
export function pageWindow(current: number, pages: number): Array<number | typeof GAP> {
  const shown = [...new Set([1, current - 1, current, current + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const window: Array<number | typeof GAP> = [];
  let previous = 0;
  for (const n of shown) {
    if (n - previous === 2) window.push(n - 1);
    else if (n - previous > 2) window.push(GAP);
    window.push(n);
    previous = n;
  }
  return window;
}

/** Previous, a window of page numbers, next: the one pager of every paged list, shown once there is a second page. */
export function Pagination({ page, pageSize, total, onChange, label }: PaginationProps) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
        ‹
      </button>
      {pageWindow(page, pages).map((n, index) =>
        n === GAP ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known by where it sits
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            onClick={() => onChange(n)}
            aria-current={n === page ? 'page' : undefined}
            className={n === page ? 'pagination__current' : undefined}
          >
            {n}
          </button>
        ),
      )}
      <button type="button" onClick={() => onChange(page + 1)} disabled={page >= pages} aria-label="Next page">
        ›
      </button>
    </nav>
  );
}
