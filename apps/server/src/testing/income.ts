import { randomUUID } from 'node:crypto';
import type { SaleRecord, SaleReport } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { as } from './requests.ts';

/** The marketplace's service token in the test apps built with `marketplaceEnv`. */
export const MARKETPLACE_TOKEN = 'marketplace-service-token-0123456789';

/** The config that lets the marketplace report sales, with MARKETPLACE_TOKEN. */
export const marketplaceEnv = { MARKETPLACE_TOKEN } as const;

/**
 * A sale of version 1 of the AR game `itemId` as the marketplace reports it: Kai bought it for $4.99 a minute ago,
 * under a transaction id of its own; `overrides` change any of it.
 */
export function saleReport(itemId: string, overrides: Partial<SaleReport> = {}): SaleReport {
  return {
    transactionId: `txn_${randomUUID()}`,
    itemType: 'Product',
    itemId,
    version: 1,
    buyer: { email: 'player@example.com', fullName: 'Kai Player' },
    purchasedAt: new Date(Date.now() - 60_000).toISOString(),
    totalPrice: 499,
    ...overrides,
  };
}

/** Reports a sale with the marketplace's service token; answers its record. */
export async function reportSale(
  app: FastifyInstance,
  marketplaceToken: string,
  sale: SaleReport,
): Promise<SaleRecord> {
  const response = await as(app, marketplaceToken).post('/api/internal/Sales', sale);
  if (response.statusCode !== 200) throw new Error(`reporting the sale ${sale.transactionId} failed: ${response.body}`);
  return response.json() as SaleRecord;
}
