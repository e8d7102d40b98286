import type { ResetPasswordBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<Record<string, never>>('/api/Access/ResetPassword', { method: 'POST', body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
