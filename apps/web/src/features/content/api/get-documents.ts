import type { DocumentListResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getDocuments = () => apiRequest<DocumentListResponse>('/api/Md/Query');

export const documentsQueryOptions = () => queryOptions({ queryKey: ['documents'], queryFn: getDocuments });

export const useDocuments = () => useQuery(documentsQueryOptions());
