import { CHECKOUT_RETURN_QUERY, type CheckoutReturnKind, checkoutReturnPath } from '@portal/contracts/pages';

export type { CheckoutReturnKind };
/** The return page's query: how the partner came back, and (from the provider) the checkout's id. */
export const CHECKOUT_PARAM = CHECKOUT_RETURN_QUERY.kind;
export const SESSION_ID_PARAM = CHECKOUT_RETURN_QUERY.sessionId;

/**
 * The provider's two return pages: the portal's own /vps, on the origin the partner is using. The server keeps them
 * when that origin is one of the portal's, and puts the portal's public origin in their place otherwise.
 */
export function checkoutReturnUrls(origin: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${origin}${checkoutReturnPath('success')}`,
    cancelUrl: `${origin}${checkoutReturnPath('cancelled')}`,
  };
}

/** Whether a URL is the return page of a checkout that succeeded, on whatever origin the server chose. */
export function isSuccessReturn(url: string): boolean {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}` === checkoutReturnPath('success');
}
