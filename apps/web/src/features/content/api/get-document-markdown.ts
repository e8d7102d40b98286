import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A document's markdown, fetched from the url the document names (the static content host). */
export const getDocumentMarkdown = (url: string) =>
  apiRequest<string>(url.replace(/^https?:\/\/[^/]+/, ''), { as: 'text', host: 'static' });

export const documentMarkdownQueryOptions = (url: string | undefined) =>
  queryOptions({
    queryKey: ['document-markdown', url],
    queryFn: () => getDocumentMarkdown(url ?? ''),
    enabled: Boolean(url),
  });

export const useDocumentMarkdown = (url: string | undefined) => useQuery(documentMarkdownQueryOptions(url));
