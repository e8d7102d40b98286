import { INCOME_EXPORT_FILE_NAME, type IncomeExportQuery } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

const EXPORT_PATH = '/api/User/Income/Export.csv';

/**
 * Downloads every sale `filters` match as CSV. The export needs the session's bearer token, so it is fetched by the
 * api client and saved from memory rather than opened as a link.
 */
export function exportIncome(filters: IncomeExportQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const search = params.size > 0 ? `?${params}` : '';
  return downloadFile(`${EXPORT_PATH}${search}`, INCOME_EXPORT_FILE_NAME, 'api');
}

export const useExportIncome = () => useMutation({ mutationFn: exportIncome });
