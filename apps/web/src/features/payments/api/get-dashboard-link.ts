import type { DashboardLink } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Express login links are single-use and short-lived, so one is made for every click. */
export const getDashboardLink = () => apiRequest<DashboardLink>('/api/Stripe/Connect/Dashboard');
