import type { LoginResponse, RegisterBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useStartSession } from './login.ts';

export const register = (body: RegisterBody) =>
  apiRequest<LoginResponse>('/api/Access/Register', { method: 'POST', body });

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: startSession });
}
