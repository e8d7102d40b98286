import type { FaqListResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getFaqs = () => apiRequest<FaqListResponse>('/api/Faq');

export const faqsQueryOptions = () => queryOptions({ queryKey: ['faqs'], queryFn: getFaqs });

export const useFaqs = () => useQuery(faqsQueryOptions());
