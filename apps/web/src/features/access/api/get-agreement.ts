import type { StaticText, StaticTextType } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getStaticText = (type: StaticTextType) =>
  apiRequest<StaticText>('/Static', { host: 'gameApi', query: { type, culture: 'en-US' } });

export const staticTextQueryOptions = (type: StaticTextType | undefined) =>
  queryOptions({
    queryKey: ['static-text', type],
    queryFn: () => getStaticText(type as StaticTextType),
    enabled: Boolean(type),
    retry: false,
  });

export const useStaticText = (type: StaticTextType | undefined) => useQuery(staticTextQueryOptions(type));
