import { VPS_PATH } from '@portal/contracts/pages';

/** The return page's query: how the partner came back, and (from the provider) the checkout's id. */
export const CHECKOUT_PARAM = 'checkout';
export const SESSION_ID_PARAM = 'session_id';

export type CheckoutReturnKind = 'success' | 'cancelled';

/** The provider's two return pages: the portal's own /vps, on the origin the partner is using. */
export function checkoutReturnUrls(origin: string): { successUrl: string; cancelUrl: string } {
  const url = (kind: CheckoutReturnKind) => `${origin}${VPS_PATH}?${new URLSearchParams({ [CHECKOUT_PARAM]: kind })}`;
  return { successUrl: url('success'), cancelUrl: url('cancelled') };
}
