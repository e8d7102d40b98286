import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../db/schema/content.ts';
import { as } from './requests.ts';

/** The partner's Standard and Express connect URLs, as its payout page lists them. */
export async function connectUrls(app: FastifyInstance, token: string) {
  return (await as(app, token).get('/api/Stripe/Connect/Url')).json() as Array<{
    accountType: 'Standard' | 'Express';
    url: string;
  }>;
}

/** A month of placement bought from the VPS page of the portal at `portal`, which the checkout returns to. */
export const monthOfPlacement = (portal: string) => ({
  quantity: 1,
  successUrl: `${portal}/vps?checkout=success`,
  cancelUrl: `${portal}/vps?checkout=cancelled`,
});

/** Runs `act` while placement is free, which makes a purchase active at once; then the price is 9.99 again. */
export async function whilePlacementIsFree<T>(app: FastifyInstance, act: () => Promise<T>): Promise<T> {
  const price = eq(settings.key, 'subscriptionPriceCentsPerMonth');
  await app.db.update(settings).set({ value: '0' }).where(price);
  try {
    return await act();
  } finally {
    await app.db.update(settings).set({ value: '999' }).where(price);
  }
}

/** Gives the partner a month of placement, free and without a checkout. */
export async function buyFreeMonth(app: FastifyInstance, token: string, portal: string): Promise<void> {
  const bought = await whilePlacementIsFree(app, () =>
    as(app, token).post('/api/Subscription/Purchase/Stripe', monthOfPlacement(portal)),
  );
  if (bought.statusCode !== 200) throw new Error(`buying a free month failed: ${bought.body}`);
}
