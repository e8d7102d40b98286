import type { AuditActions } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the audit log records, each action with what it says: the Action filter's choices (they never change). */
export const useAuditActions = () =>
  useQuery({
    queryKey: ['team', 'audit-actions'],
    queryFn: ({ signal }) => apiRequest<AuditActions>('/api/Team/Audit/Actions', { signal, background: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
