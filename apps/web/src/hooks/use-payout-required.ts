import { paymentMessages } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../components/toast.tsx';
import { isApiError } from '../lib/api-client.ts';

/**
 * A save refused because the payout account is no longer connected sends the partner to connect it, as the
 * route guard does; returns false for any other failure.
 */
export function usePayoutRequiredRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (error: unknown): boolean => {
    if (!isApiError(error, 'PayoutAccountRequired')) return false;
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
    toast.warning(paymentMessages.connectFirst);
    navigate('/stripe');
    return true;
  };
}
