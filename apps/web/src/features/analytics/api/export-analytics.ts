import type { AnalyticsExportQuery } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

/** Downloads the studio's public figures of `range` as CSV, a row per game and day played (the session is needed). */
export function exportAnalytics({ From, To, ItemId }: AnalyticsExportQuery): Promise<void> {
  const params = new URLSearchParams({ From, To, ...(ItemId ? { ItemId } : {}) });
  return downloadFile(`/api/Analytics/Export.csv?${params}`, `play-analytics-${From}-to-${To}.csv`, 'api');
}

export const useExportAnalytics = () => useMutation({ mutationFn: exportAnalytics });
