import type { ContactEnquiry } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sendContact = (body: ContactEnquiry) =>
  apiRequest<{ id: string }>('/api/ContactUs', { method: 'POST', body });

export const useSendContact = () => useMutation({ mutationFn: sendContact });
