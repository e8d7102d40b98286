import { type Profile, paymentMessages, type SendConnectEmailBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';

export const sendConnectEmail = (body: SendConnectEmailBody) =>
  apiRequest<{ sent: true }>('/api/Stripe/Connect/SendEmail', { method: 'POST', body });

/** SPEC's notice when the link went to the account's own address; otherwise it says where the link went. */
function linkSentMessage(sentTo: string, accountEmail: string | undefined): string {
  const isOwnAddress = accountEmail !== undefined && sentTo.trim().toLowerCase() === accountEmail.toLowerCase();
  return isOwnAddress ? paymentMessages.linkSent : `Stripe connection link has been sent to ${sentTo.trim()}.`;
}

/** Sends the link; resolves to the notice to show, which names the address unless it is the account's own. */
export function useSendConnectEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendConnectEmailBody) => {
      await sendConnectEmail(body);
      const profile = queryClient.getQueryData<Profile>(['profile', session.getToken()]);
      return linkSentMessage(body.email, profile?.email);
    },
  });
}
