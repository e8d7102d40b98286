import type { CommissionRateBody, PartnerBalance } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { partnerBalancesKey } from './get-partner-balances.ts';

export const setCommissionRate = ({ partnerId, body }: { partnerId: string; body: CommissionRateBody }) =>
  apiRequest<PartnerBalance>(`/api/Admin/Income/Commission/${encodeURIComponent(partnerId)}`, {
    method: 'PUT',
    body,
  });

/** Sets a partner's own rate, or the default again (null); the form shows a refused value beside its field. */
export const useSetCommissionRate = () =>
  useRefreshingMutation({
    mutate: setCommissionRate,
    handlesErrors: ['ValidationFailed'],
    stale: () => [partnerBalancesKey],
  });
