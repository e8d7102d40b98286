import type { ChangePasswordBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<null>('/api/Access/Password', { method: 'PUT', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
