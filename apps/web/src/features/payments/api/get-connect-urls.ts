import type { ConnectUrl } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Fresh connect URLs; each call opens new one-hour connections, so it runs on click, not on page load. */
export const getConnectUrls = () => apiRequest<ConnectUrl[]>('/api/Stripe/Connect/Url');
