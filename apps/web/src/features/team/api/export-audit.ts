import type { AuditExportQuery } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

const EXPORT_PATH = '/api/Team/Audit/Export.csv';
export const AUDIT_EXPORT_FILE_NAME = 'audit-log.csv';

/** Downloads every event `filters` match as CSV, through the api client (the export needs the session). */
export function exportAudit(filters: AuditExportQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const search = params.size > 0 ? `?${params}` : '';
  return downloadFile(`${EXPORT_PATH}${search}`, AUDIT_EXPORT_FILE_NAME, 'api');
}

export const useExportAudit = () => useMutation({ mutationFn: exportAudit });
