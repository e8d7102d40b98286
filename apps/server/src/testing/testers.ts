import type { FastifyInstance } from 'fastify';
import { type Partner, registerPartner } from './partners.ts';
import { as } from './requests.ts';

/** Registers a partner and whitelists it as a tester of the partner whose token is `ownerToken`; answers the tester. */
export async function registerTester(app: FastifyInstance, ownerToken: string): Promise<Partner> {
  const tester = await registerPartner(app);
  const whitelisted = await as(app, ownerToken).post('/api/WhiteList', { email: tester.email });
  if (whitelisted.statusCode !== 200) throw new Error(`whitelisting ${tester.email} failed: ${whitelisted.body}`);
  return tester;
}
