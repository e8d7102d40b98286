import { INCOME_PAGE_SIZE } from '@portal/contracts';
import { useEffect } from 'react';

/**
 * Falls back to the last page that has rows when a list shrinks under the page shown (a filter found fewer, a
 * retry moved a payout out of the failed ones).
 */
export function useLastPageFallback(
  page: number,
  setPage: (page: number) => void,
  totalCount: number | undefined,
  pageSize = INCOME_PAGE_SIZE,
) {
  const lastPage = Math.max(1, Math.ceil((totalCount ?? 0) / pageSize));
  useEffect(() => {
    if (totalCount !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage, totalCount, setPage]);
}
