import type { SendConnectEmailBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sendConnectEmail = (body: SendConnectEmailBody) =>
  apiRequest<{ sent: true }>('/api/Stripe/Connect/SendEmail', { method: 'POST', body });

export const useSendConnectEmail = () => useMutation({ mutationFn: sendConnectEmail });
