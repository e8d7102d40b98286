import { AUDIT_PAGE_SIZE, type AuditExportQuery, type AuditPage } from '@portal/contracts';
import { useFilteredPage } from '../../../lib/paged-query.ts';

/** The page of the studio's audit log on screen that `filters` match, newest first. */
export const useAudit = (filters: AuditExportQuery, page: number) =>
  useFilteredPage<AuditPage, AuditExportQuery>(
    { path: '/api/Team/Audit', pageSize: AUDIT_PAGE_SIZE, name: 'team-audit' },
    filters,
    page,
  );
