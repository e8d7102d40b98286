import type { CodeSentResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type CodePurpose = 'Registration' | 'ResetPassword';

export const sendCode = ({ email, purpose }: { email: string; purpose: CodePurpose }) =>
  apiRequest<CodeSentResponse>(`/api/Access/Send${purpose}Code`, { query: { email } });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
