import { CONNECT_PAYOUT_ACCOUNT_PATH, paymentMessages } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../components/toast.tsx';
import { isApiError } from '../lib/api-client.ts';

/** Sends the partner to connect a payout account with the warning of SPEC §2, as the route guard does. */
export function useSendToPayoutConnection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
    toast.warning(paymentMessages.connectFirst);
    navigate(CONNECT_PAYOUT_ACCOUNT_PATH);
  };
}

/**
 * A save refused because the payout account is no longer connected sends the partner to connect it, as the
 * route guard does; returns false for any other failure.
 */
export function usePayoutRequiredRedirect() {
  const sendToPayoutConnection = useSendToPayoutConnection();
  return (error: unknown): boolean => {
    if (!isApiError(error, 'PayoutAccountRequired')) return false;
    sendToPayoutConnection();
    return true;
  };
}
